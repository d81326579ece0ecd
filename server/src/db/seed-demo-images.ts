// Banner pictures for the demo posts, drawn here (no stock photos to ship): soft gradients with a few
// shapes, stored like uploads (a .jpeg original and its .jpg thumbnail) and attached to the newest posts.
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { imageRenditions, putImageRenditions } from '../platform/image-renditions';
import type { Storage } from '../platform/storage';
import type { Db } from './client';
import { feedPostFiles, feedPosts, files, users } from './schema';

const PALETTES: [string, string, string][] = [
  ['#b5462a', '#e8a25a', '#fbe3c4'],
  ['#2f5d62', '#5e8b7e', '#dfeeea'],
  ['#3b3355', '#8d6a9f', '#f1e4f3'],
  ['#7a4b2a', '#c98b52', '#f6e7d3'],
  ['#1f4e79', '#4f8fc0', '#e2eef8'],
  ['#5b6b2f', '#a3b35a', '#eef3d8'],
];

function picture([dark, mid, light]: [string, string, string], seed: number): Buffer {
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const x = (seed * 197 + i * 331) % 1200;
      const y = (seed * 89 + i * 173) % 675;
      const r = 90 + ((seed + i * 7) % 5) * 45;
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? light : mid}" fill-opacity="0.28"/>`;
    })
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs><rect width="1200" height="675" fill="url(#g)"/>${circles}</svg>`,
  );
}

/** Gives the newest `count` published demo posts a banner picture. */
export async function seedDemoImages(db: Db, storage: Storage, count = 6): Promise<void> {
  const posts = await db
    .select({ id: feedPosts.id, userId: feedPosts.userId })
    .from(feedPosts)
    .where(and(eq(feedPosts.stateId, 2)))
    .orderBy(desc(feedPosts.startAt))
    .limit(count);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  for (const [i, post] of posts.entries()) {
    const palette = PALETTES[i % PALETTES.length] ?? PALETTES[0];
    if (!palette) continue;
    const image = await sharp(picture(palette, i + 3))
      .jpeg({ quality: 82 })
      .toBuffer();
    const key = await storage.put('post', 'jpeg', image);
    // The thumbnail and WebP renditions an upload gets (platform/image-renditions.ts).
    const renditions = await putImageRenditions(storage, key, await imageRenditions(sharp(image)));
    const [file] = await db
      .insert(files)
      .values({
        storageKey: key,
        ...renditions,
        mimeType: 'image/jpeg',
        resourceType: 'image',
        size: image.length,
        originalName: `banner-${i + 1}.jpeg`,
        createdById: owner?.id ?? post.userId,
      })
      .returning({ id: files.id });
    if (file) await db.insert(feedPostFiles).values({ postId: post.id, fileId: file.id, position: 0 });
  }
}
