// Downloads in component tests: a CSV as the server answers it, and the files the page saves. happy-dom
// has no downloads, so the page's link click is caught and the file name it was given is kept.
import { vi } from 'vitest';
import type { Answer } from './fetch-mock';

/** The server's answer of a CSV download: the body, and the file name in Content-Disposition. */
export const csvAnswer = (name: string, body: string): Answer => ({
  status: 200,
  body,
  headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${name}"` },
});

/**
 * Catches the downloads the page starts (lib/download.ts: a blob URL and a link clicked) and answers the
 * file names saved, in order. The spies go with the test's other mocks (vi.restoreAllMocks).
 */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:download');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
