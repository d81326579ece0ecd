// Rich-text bodies from editors are sanitised when written (product.md section 5, HTML bodies), so what
// the database holds is safe for every reader; the web sanitises again when it renders (defence in depth).
// Allow-list only: anything not named here is dropped, and the content of script-like elements with it.
import sanitizeHtml from 'sanitize-html';

/** Images may come only from our own file store: a relative `/files/<key>` path, nothing that leaves it. */
const OWN_FILE = /^\/files\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{1,8}$/;
export const isOwnFileUrl = (src: string | undefined): src is string => !!src && OWN_FILE.test(src);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'a',
    'img',
    'hr',
    'span',
  ],
  // No style, class or event attributes anywhere; links and images carry only what they need.
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped together with everything inside them (the default list plus other raw-text and embedding
  // elements), so a stripped <svg> or <iframe> leaves no script text behind as visible junk.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'plaintext',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => {
      const { src, alt } = attribs;
      return {
        tagName,
        attribs: { ...(isOwnFileUrl(src) ? { src } : {}), ...(alt !== undefined ? { alt } : {}) },
      };
    },
  },
  // An image whose source was refused is removed whole rather than left as a broken <img>.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnFileUrl(frame.attribs.src),
};

export function sanitizeRichText(dirty: string): string {
  return sanitizeHtml(dirty, OPTIONS).trim();
}
