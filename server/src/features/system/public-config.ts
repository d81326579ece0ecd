// The public settings the web needs before login (brand, support e-mail, copyright year, company e-mail
// domains): answered by GET /v1/config, and written into the SPA's page itself (issue 33), so a first
// visit paints its shell and footer without waiting for that request.
import { createHash } from 'node:crypto';
import type { PublicConfig } from '@hearth/contract';
import type { Config } from '../../config';

export function publicConfigOf(config: Config): PublicConfig {
  return {
    brandName: config.brandName,
    supportEmail: config.supportEmail,
    copyrightYear: config.copyrightYear,
    companyEmailDomains: config.companyEmailDomains,
  };
}

/** The id of the data block the web reads (web/src/lib/config.ts). */
export const INLINE_CONFIG_ID = 'hearth-config';

/**
 * index.html with the public settings as a JSON data block before the app's root (or the end of the body):
 * a data block is never run (the CSP stays without inline script), and `<` is escaped so no value can
 * close the element.
 */
export function withInlineConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${INLINE_CONFIG_ID}">${json}</script>`;
  const root = html.indexOf('<div id="root"');
  const at = root >= 0 ? root : html.lastIndexOf('</body>');
  return at < 0 ? `${html}${block}` : `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/** A strong ETag of the page as sent, so a revalidation (Cache-Control: no-cache) can answer 304. */
export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
