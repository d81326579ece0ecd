// Stored XSS: every payload of the corpus is stored as a post body through the API and read back by a
// staff member; what comes back holds only allow-listed tags and attributes, no script, no event handler,
// no script URL, and images only from our own file store. Benign formatting survives untouched.
import { ROLE, STATE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { XSS_PAYLOADS } from './fixtures/xss-payloads';
import { createCategory } from './test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;
let categoryId: number;

beforeAll(async () => {
  categoryId = (await createCategory(t.db)).id;
});

/** Stores `text` as a published post's body and answers the body as a staff member reads it. */
async function roundTrip(text: string, title = 'Post'): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/api/feed-posts',
    headers: admin.headers,
    payload: {
      title,
      subtitle: 'Sanitising',
      text,
      feedCategories: [categoryId],
      startAt: '2020-01-01 00:00:00',
      endAt: '2099-01-01 00:00:00',
      stateId: STATE.PUBLISHED,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const read = await t.app.inject({
    method: 'GET',
    url: `/v1/api/newsfeed/${created.json().data.id}`,
    headers: staff.headers,
  });
  expect(read.statusCode).toBe(200);
  return read.json().data.text as string;
}

const ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries(
    'p br strong b em i u s blockquote code pre ul ol li h1 h2 h3 h4 hr span'.split(' ').map((t) => [t, []]),
  ),
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
};

const decode = (v: string) =>
  v
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Every way the output could still run script, as a list of findings (empty = harmless). */
function findings(html: string): string[] {
  const found: string[] = [];
  if (
    /<\s*\/?\s*(script|iframe|object|embed|svg|style|math|base|meta|link|form|frame|template)\b/i.test(html)
  )
    found.push('a forbidden element');
  const tag = /<(\/?)([a-zA-Z0-9]+)((?:\s+[^\s=>"/]+(?:="[^"]*")?)*)\s*\/?>/g;
  // Outside tags no '<' may remain: text is escaped, so the browser cannot read a new tag out of it.
  if (html.replace(tag, '').includes('<')) found.push('an unescaped <');
  for (const [, closing, name, attrs] of html.matchAll(tag)) {
    const allowed = ALLOWED[name?.toLowerCase() ?? ''];
    if (!allowed) {
      found.push(`tag ${name}`);
      continue;
    }
    if (closing) continue;
    for (const [, attr, value = ''] of (attrs ?? '').matchAll(/\s+([^\s=>"/]+)(?:="([^"]*)")?/g)) {
      if (!attr || !allowed.includes(attr)) found.push(`attribute ${attr} on ${name}`);
      // Browsers skip whitespace and control characters inside a scheme: so does the check.
      const url = [...decode(value)]
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (/^(javascript|vbscript|data):/.test(url)) found.push(`script URL in ${attr}`);
      if (attr === 'href' && !/^(https?:|mailto:|\/[^/\\]|#|[^:]*$)/.test(url)) found.push(`href ${value}`);
      if (attr === 'src' && !/^\/files\/[a-z0-9_\-/]+\.[a-z0-9]+$/.test(url)) found.push(`img src ${value}`);
    }
    if (/\son[a-z]+\s*=/i.test(attrs ?? '')) found.push(`event handler on ${name}`);
  }
  return found;
}

describe('HTML bodies are sanitised on write', () => {
  it(`renders each of the ${XSS_PAYLOADS.length} payloads of the corpus harmless`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const failures: string[] = [];
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      // Alone, and wrapped in ordinary content as an editor would send it.
      for (const text of [payload, `<p>Intro</p>${payload}<p>Outro</p>`]) {
        const stored = await roundTrip(text, `XSS ${i}`);
        const problems = findings(stored);
        if (problems.length) failures.push(`#${i} ${payload}\n  -> ${stored}\n  ${problems.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('catches an unsafe body itself (the checker is not blind)', () => {
    expect(findings('<p onclick="x">a</p>')).not.toEqual([]);
    expect(findings('<a href="javascript:alert(1)">a</a>')).not.toEqual([]);
    expect(findings('<img src="https://evil/x.png">')).not.toEqual([]);
    expect(findings('<svg></svg>')).not.toEqual([]);
    expect(findings('<p>fine</p>')).toEqual([]);
  });

  it('keeps benign formatting, own images and links, and opens links in a new tab', async () => {
    const body = [
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><h4>Smaller</h4>',
      '<p>Plain, <strong>strong</strong>, <b>bold</b>, <em>em</em>, <i>italic</i>, <u>under</u>, <s>struck</s>, <span>span</span> &amp; 1 &lt; 2<br />next line</p>',
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>',
      '<blockquote>Quoted</blockquote><pre><code>const a = 1;</code></pre><p><code>inline</code></p><hr />',
      '<p><img src="/files/post/6f1c1e43-5d6b-4a59-8d0e-0a4c3b1f2e3d.jpg" alt="Team photo" /></p>',
    ].join('');
    expect(await roundTrip(body)).toBe(body);
    const links = await roundTrip(
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener">site</a> <a href="mailto:hr@example.com">mail</a> <a href="/news">news</a></p>',
    );
    expect(links).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">site</a> ' +
        '<a href="mailto:hr@example.com" target="_blank" rel="noopener noreferrer">mail</a> ' +
        '<a href="/news" target="_blank" rel="noopener noreferrer">news</a></p>',
    );
  });
});
