// The picture of a company sign-in (issue 19, ADR 034): when the claims name a `picture` and the user has no
// profile image, the picture is fetched and stored exactly as an uploaded one (sniffed, at most 2 MB,
// 800x800 JPEG, upright, without metadata). Never one the person chose is replaced: only a user without any
// image gets one, checked again under the lock of the user's row as it is stored.
//
// It runs as a job of the durable queue, queued after the sign-in's transaction: the sign-in neither waits
// for the provider's picture server nor fails with it, and a job (a row) survives a restart or a crash and
// runs on any instance, which a promise left running in the request's process would not. The job's id is
// made from the user's id, so a user signing in many times within pg-boss's 12 hours of keeping a finished
// job costs one fetch, and a picture that keeps failing is not fetched at every sign-in.
//
// The address comes from the claims, so the fetch is an outbound request to an address someone else chose
// (ADR 017): https only, no credentials, public addresses only at the socket, 5 s, 2 MB, 2 redirects each
// checked the same way, image types only (platform/net/public-fetch.ts). A refusal is logged without the
// address's query (it may carry a signature) and dropped.
import { LIMITS } from '@hearth/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { jobIdOf } from '../../platform/jobs';
import {
  createPublicFetcher,
  type FetchLimits,
  loggableUrl,
  type OutboundNetwork,
} from '../../platform/net/public-fetch';
import { toProfileJpeg } from '../profile/avatar';
import { setProfileImageIfNone } from '../profile/service';
import type { Claims } from './claims';

/** How the pictures are fetched; production passes nothing. Tests shorten the deadline. */
export type PictureNetwork = OutboundNetwork & { timeoutMs?: number };

const PICTURE_TIMEOUT_MS = 5000;
const PICTURE_REDIRECTS = 2;
/** Longer than any picture address a provider makes; a longer one is not queued. */
const MAX_ADDRESS = 2048;

type PictureJob = { userId: number; url: string };

/** The picture's address when it is https and of a sensible length. */
function pictureOf(picture: string): string | undefined {
  const value = picture.trim();
  return value.length <= MAX_ADDRESS && /^https:\/\//i.test(value) ? value : undefined;
}

/**
 * Queues the fetch of the claims' picture for `userId`, after the sign-in committed. Never throws: a sign-in
 * does not fail for its picture.
 */
export async function queueProviderPicture(app: FastifyInstance, userId: number, claims: Claims) {
  const picture = claims.picture;
  if (typeof picture !== 'string' || !picture.trim()) return;
  const url = pictureOf(picture);
  if (!url) {
    app.log.warn({ userId }, 'provider picture ignored: not an https address');
    return;
  }
  try {
    await app.jobs.send('providerPicture', { userId, url } satisfies PictureJob, undefined, {
      id: jobIdOf(`hearth provider picture ${userId}`),
    });
  } catch (err) {
    app.log.warn({ err, userId }, 'provider picture not queued');
  }
}

async function takePicture(
  app: FastifyInstance,
  get: (url: string) => Promise<Buffer>,
  job: PictureJob,
): Promise<void> {
  const [user] = await app.db
    .select({ image: users.profileImageFileId })
    .from(users)
    .where(and(eq(users.id, job.userId), eq(users.isActive, true)));
  if (!user || user.image !== null) return;
  let jpeg: Buffer;
  try {
    jpeg = await toProfileJpeg(await get(job.url));
  } catch (err) {
    const e = err as Error & { code?: string };
    app.log.warn(
      { userId: job.userId, picture: loggableUrl(job.url), reason: e.message, code: e.code },
      'provider picture ignored',
    );
    return;
  }
  await setProfileImageIfNone(app.db, app.storage, job.userId, { jpeg, originalName: 'provider-picture' });
}

export async function installProviderPictures(app: FastifyInstance, network: PictureNetwork = {}) {
  const fetcher = createPublicFetcher(network);
  const limits: FetchLimits = {
    timeoutMs: network.timeoutMs ?? PICTURE_TIMEOUT_MS,
    maxBytes: LIMITS.profileImageMaxBytes,
    maxRedirects: PICTURE_REDIRECTS,
    // The bytes are sniffed afterwards (toProfileJpeg): JPEG, PNG, WebP or GIF only, never SVG.
    accepts: (type) => type.startsWith('image/') && type !== 'image/svg+xml',
    accept: 'image/jpeg, image/png, image/webp, image/gif',
  };
  await app.jobs.work<PictureJob>('providerPicture', (job) =>
    takePicture(app, async (url) => (await fetcher.get(url, limits)).body, job),
  );
}
