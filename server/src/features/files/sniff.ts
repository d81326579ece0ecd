// Decides what an upload is from its first bytes (magic numbers), never from its name or the browser's
// word. Only the kinds below are accepted; everything else (executables of any platform, HTML, SVG, XML,
// scripts, archives other than zip, unknown binaries) is refused. Binary formats are read by `file-type`;
// text, which has no magic number, is checked here.
import { LIMITS } from '@hearth/contract';
import { fileTypeFromBuffer } from 'file-type';

export type ResourceType = 'image' | 'video' | 'raw';

export type Sniffed = {
  mimeType: string;
  /**
   * The stored key's extension. JPEG is `jpeg`, so `.jpg` stays free for thumbnails (product.md section 9).
   */
  ext: string;
  resourceType: ResourceType;
  /** image: gets a thumbnail; video and audio: a poster frame if ffmpeg finds one; other: nothing. */
  kind: 'image' | 'video' | 'audio' | 'document';
  /** The ffmpeg demuxer for this container, so ffmpeg never guesses a format (playlists, concat...). */
  demuxer?: string;
  maxBytes: number;
};

/** How many leading bytes the sniffer wants (zip-based office files name their parts near the start). */
export const SNIFF_BYTES = 64 * 1024;

type Kind = Omit<Sniffed, 'maxBytes' | 'resourceType'>;
const image = (mimeType: string, ext: string): Kind => ({ mimeType, ext, kind: 'image' });
const video = (mimeType: string, ext: string, demuxer: string): Kind => ({
  mimeType,
  ext,
  kind: 'video',
  demuxer,
});
const audio = (mimeType: string, ext: string, demuxer: string): Kind => ({
  mimeType,
  ext,
  kind: 'audio',
  demuxer,
});
const doc = (mimeType: string, ext: string): Kind => ({ mimeType, ext, kind: 'document' });

/** file-type's extension -> what we store and serve. */
const ACCEPTED: Record<string, Kind> = {
  jpg: image('image/jpeg', 'jpeg'),
  png: image('image/png', 'png'),
  gif: image('image/gif', 'gif'),
  webp: image('image/webp', 'webp'),
  mp4: video('video/mp4', 'mp4', 'mov'),
  m4v: video('video/x-m4v', 'm4v', 'mov'),
  mov: video('video/quicktime', 'mov', 'mov'),
  webm: video('video/webm', 'webm', 'matroska'),
  mkv: video('video/x-matroska', 'mkv', 'matroska'),
  ogv: video('video/ogg', 'ogv', 'ogg'),
  mp3: audio('audio/mpeg', 'mp3', 'mp3'),
  m4a: audio('audio/mp4', 'm4a', 'mov'),
  ogg: audio('audio/ogg', 'ogg', 'ogg'),
  oga: audio('audio/ogg', 'oga', 'ogg'),
  opus: audio('audio/ogg', 'opus', 'ogg'),
  wav: audio('audio/wav', 'wav', 'wav'),
  flac: audio('audio/flac', 'flac', 'flac'),
  aac: audio('audio/aac', 'aac', 'aac'),
  pdf: doc('application/pdf', 'pdf'),
  docx: doc('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'),
  xlsx: doc('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'),
  pptx: doc('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'),
  odt: doc('application/vnd.oasis.opendocument.text', 'odt'),
  ods: doc('application/vnd.oasis.opendocument.spreadsheet', 'ods'),
  odp: doc('application/vnd.oasis.opendocument.presentation', 'odp'),
  rtf: doc('application/rtf', 'rtf'),
  zip: doc('application/zip', 'zip'),
};

/** Extensions of stored files that may have a .jpg thumbnail beside them (images, video, audio). */
export const THUMBNAILED_EXTENSIONS: string[] = [
  ...new Set(
    Object.values(ACCEPTED)
      .filter((k) => k.kind !== 'document')
      .map((k) => k.ext),
  ),
];

/** Old binary Office files share one container (CFB); the name tells which application opens it. */
const CFB_BY_NAME: Record<string, Kind> = {
  doc: doc('application/msword', 'doc'),
  xls: doc('application/vnd.ms-excel', 'xls'),
  ppt: doc('application/vnd.ms-powerpoint', 'ppt'),
};

const TEXT_BY_NAME: Record<string, Kind> = {
  csv: doc('text/csv', 'csv'),
  tsv: doc('text/tab-separated-values', 'tsv'),
};
const PLAIN_TEXT = doc('text/plain', 'txt');

function finish(k: Kind): Sniffed {
  const resourceType: ResourceType = k.kind === 'image' ? 'image' : k.kind === 'document' ? 'raw' : 'video';
  // Audio counts as video, for the 500MB limit as for resourceType (product.md section 5).
  const maxBytes = resourceType === 'video' ? LIMITS.videoMaxBytes : LIMITS.fileMaxBytes;
  return { ...k, resourceType, maxBytes };
}

const nameExt = (name: string | undefined) => name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

// Markup that a browser would render as a page or run: refused as text even though it is text.
const MARKUP = /<\s*(!doctype|html|head|body|script|iframe|svg|object|embed|meta|link|style|\?xml)\b/i;

/** Plain UTF-8 text (a .txt, .csv, ...): no NUL or other control bytes, no shebang, no markup. */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.length === 0) return false;
  // A sample cut mid-character is fine: drop up to 3 trailing bytes of an incomplete sequence.
  let sample = head;
  if (!complete) {
    let cut = sample.length;
    for (let i = 1; i <= 3 && cut - i >= 0; i++) {
      const b = sample[cut - i] as number;
      if ((b & 0xc0) === 0xc0) {
        cut -= i;
        break;
      }
      if ((b & 0x80) === 0) break;
    }
    sample = sample.subarray(0, cut);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  const start = text.replace(/^\ufeff/, '').trimStart();
  if (start.startsWith('#!') || start.startsWith('<')) return false;
  return !MARKUP.test(text);
}

/**
 * What the upload is, from its first SNIFF_BYTES bytes (`complete` when that is the whole file); null when
 * it is not a kind we accept.
 */
export async function sniff(head: Buffer, complete: boolean, filename?: string): Promise<Sniffed | null> {
  const found = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (found) {
    if (found.ext === 'cfb') {
      const byName = CFB_BY_NAME[nameExt(filename)];
      return byName ? finish(byName) : null;
    }
    const accepted = ACCEPTED[found.ext];
    return accepted ? finish(accepted) : null;
  }
  if (!looksLikeText(head, complete)) return null;
  return finish(TEXT_BY_NAME[nameExt(filename)] ?? PLAIN_TEXT);
}
