import type { FileInfo } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  collapseSpaceAfterMentions,
  commentPayload,
  mentionMarker,
  stripMarkers,
  toMarkup,
} from './mentions';
import { formatBytes, imageSrcSet, postPicture, postThumbnail, splitPostFiles } from './post-media';
import { checkPostFile, sendingPercent } from './upload';

const file = (over: Partial<FileInfo>): FileInfo => ({
  id: 1,
  sourceUrl: '/files/a.png',
  thumbnailUrl: null,
  width: null,
  height: null,
  variants: [],
  resourceType: 'image',
  mimeType: 'image/png',
  originalName: 'a.png',
  size: 10,
  ...over,
});

describe('post files', () => {
  it('puts images, video and audio in the banner, PDFs and raw files in the attachments', () => {
    const img = file({ id: 1 });
    const video = file({ id: 2, resourceType: 'video', mimeType: 'video/mp4' });
    const audio = file({ id: 3, resourceType: 'video', mimeType: 'audio/mpeg' });
    const pdfAsImage = file({ id: 4, resourceType: 'image', mimeType: 'application/pdf' });
    const raw = file({ id: 5, resourceType: 'raw', mimeType: 'application/zip' });
    const { media, attachments } = splitPostFiles([img, video, audio, pdfAsImage, raw]);
    expect(media.map((f) => f.id)).toEqual([1, 2, 3]);
    expect(attachments.map((f) => f.id)).toEqual([4, 5]);
  });

  it('picks the first image thumbnail or video poster for cards, never audio or PDF', () => {
    expect(postThumbnail([])).toBeNull();
    expect(
      postThumbnail([
        file({ resourceType: 'video', mimeType: 'audio/mpeg', thumbnailUrl: '/files/x.jpg' }),
        file({ resourceType: 'raw', mimeType: 'application/pdf' }),
        file({ resourceType: 'video', mimeType: 'video/mp4', thumbnailUrl: '/files/v.jpg' }),
      ]),
    ).toBe('/files/v.jpg');
    expect(postThumbnail([file({ thumbnailUrl: '/files/t.jpg' })])).toBe('/files/t.jpg');
    expect(postThumbnail([file({})])).toBe('/files/a.png');
    expect(postThumbnail([file({ thumbnailUrl: '/files/t.jpg' })], true)).toBe('/files/a.png');
  });

  it("offers an image's renditions, and the original only when it is between them and the widest", () => {
    const v = (...widths: number[]) => widths.map((w) => ({ url: `/files/a-w${w}.webp`, width: w }));
    expect(imageSrcSet(file({}))).toBeUndefined();
    expect(imageSrcSet(file({ width: 1200, variants: v(480, 960) }))).toBe(
      '/files/a-w480.webp 480w, /files/a-w960.webp 960w, /files/a.png 1200w',
    );
    expect(imageSrcSet(file({ width: 960, variants: v(480, 960) }))).toBe(
      '/files/a-w480.webp 480w, /files/a-w960.webp 960w',
    );
    expect(imageSrcSet(file({ width: 4000, variants: v(480, 960, 1600) }))).toBe(
      '/files/a-w480.webp 480w, /files/a-w960.webp 960w, /files/a-w1600.webp 1600w',
    );
    expect(
      postPicture([file({ thumbnailUrl: '/files/t.jpg', width: 960, height: 540, variants: v(480) })]),
    ).toEqual({
      src: '/files/t.jpg',
      srcSet: '/files/a-w480.webp 480w, /files/a.png 960w',
      width: 960,
      height: 540,
    });
    expect(
      postPicture([file({ resourceType: 'video', mimeType: 'video/mp4', thumbnailUrl: '/files/v.jpg' })]),
    ).toEqual({ src: '/files/v.jpg' });
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12 MB');
  });
});

describe('upload checks', () => {
  it('refuses non-video files of 10MB and videos of 500MB', () => {
    expect(checkPostFile({ type: 'image/png', size: 10 * 1024 * 1024 - 1 })).toBeNull();
    expect(checkPostFile({ type: 'image/png', size: 10 * 1024 * 1024 })).toBe('File must smaller than 10MB');
    expect(checkPostFile({ type: 'application/pdf', size: 11 * 1024 * 1024 })).toBe(
      'File must smaller than 10MB',
    );
    expect(checkPostFile({ type: 'video/mp4', size: 400 * 1024 * 1024 })).toBeNull();
    expect(checkPostFile({ type: 'audio/mpeg', size: 50 * 1024 * 1024 })).toBeNull();
    expect(checkPostFile({ type: 'video/mp4', size: 500 * 1024 * 1024 })).toBe(
      'File must be smaller than 500MB',
    );
  });

  it('scales sending progress to 0-90', () => {
    expect(sendingPercent(0, 100)).toBe(0);
    expect(sendingPercent(50, 100)).toBe(45);
    expect(sendingPercent(100, 100)).toBe(90);
    expect(sendingPercent(5, 0)).toBe(0);
  });
});

describe('mentions', () => {
  it('drops the second space typed after a picked name, and only there', () => {
    const picked = [{ id: 7, name: 'Ann Lee' }];
    expect(collapseSpaceAfterMentions('Hi @Ann Lee  thanks', picked)).toBe('Hi @Ann Lee thanks');
    expect(collapseSpaceAfterMentions('@Ann Lee   and @Ann Lee  ', picked)).toBe('@Ann Lee and @Ann Lee ');
    expect(collapseSpaceAfterMentions('two  spaces elsewhere @Bob  x', picked)).toBe(
      'two  spaces elsewhere @Bob  x',
    );
    expect(collapseSpaceAfterMentions('Hi @Ann Lee  x', [])).toBe('Hi @Ann Lee  x');
  });

  const ann = { id: 7, name: 'Ann Lee' };
  const annie = { id: 8, name: 'Ann' };

  it('writes and strips markers', () => {
    expect(mentionMarker(ann)).toBe('@[Ann Lee](7)');
    expect(stripMarkers('Hi @[Ann Lee](7) and @[Bo](9), @[Ann Lee](7)!')).toEqual({
      content: 'Hi @Ann Lee and @Bo, @Ann Lee!',
      userIDs: [7, 9],
    });
  });

  it('marks picked names, the longest first', () => {
    expect(toMarkup('@Ann Lee meet @Ann', [annie, ann])).toBe('@[Ann Lee](7) meet @[Ann](8)');
  });

  it('sends the text without markers and only the colleagues still mentioned', () => {
    expect(commentPayload('  Thanks @Ann Lee  ', [ann, { id: 3, name: 'Removed Person' }])).toEqual({
      content: 'Thanks @Ann Lee',
      userIDs: [7],
    });
    expect(commentPayload('No mentions', [])).toEqual({ content: 'No mentions', userIDs: [] });
  });
});
