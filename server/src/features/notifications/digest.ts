// The e-mail digest (ADR 033): daily or weekly, each person's unread notifications of the period and the
// period's most read posts they can open, with a link to turn it off that needs no login.
// Every DIGEST_TICK_MS an instance walks the active users in id order, DIGEST_USERS_PER_BATCH at a time,
// and claims the digests that are due (the last one, or the account's creation, a day or a week ago) with
// a conditional upsert of `digest_sent_at`: of two instances only the one whose write took it queues the
// digest job, in the claim's transaction, with an id made from the user and the period. The job writes the
// mail when it runs (no token in the queue's table) and sends nothing when there is nothing to report.
import { PATHS, POST_KIND, STATE } from '@hearth/contract';
import { and, asc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isColleague } from '../../access/people';
import { U_COLLEAGUE } from '../../access/recipients';
import { queryRows } from '../../db/client';
import { literal } from '../../db/params';
import { notificationSettings, notifications, users } from '../../db/schema';
import { jobIdOf } from '../../platform/jobs';
import type { Audiences } from './audiences';
import { digestMail } from './mails';
import { pathOf } from './presenter';
import { notificationRows } from './service';
import { unsubscribeSecret, unsubscribeToken } from './unsubscribe-token';

/** How often an instance looks for digests that are due: a digest may be this late. */
export const DIGEST_TICK_MS = 10 * 60_000;
export const DIGEST_USERS_PER_BATCH = 500;
/** Unread notifications listed in one digest. */
export const DIGEST_UNREAD_LIMIT = 20;
/** Most read posts listed in one digest. */
export const DIGEST_TOP_POSTS = 5;
/** Most read posts considered (each then checked against the reader's access). */
const TOP_CANDIDATES = 20;

type Frequency = 'daily' | 'weekly';
const PERIOD: Record<Frequency, string> = { daily: '1 day', weekly: '7 days' };

export type DigestJob = { userId: number; frequency: Frequency; since: string; until: string };

export type DigestRunner = {
  /** Claims and queues every digest due now; answers how many it queued. */
  run(): Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    digest: DigestRunner;
  }
}

/** SQL: the period of a digest frequency (a column or value holding 'daily' or 'weekly'). */
const periodOf = (digest: SQL) =>
  sql`(case ${digest} when 'daily' then interval '1 day' else interval '7 days' end)`;

/** One batch of users after `after`: claims their due digests and queues them. Answers the last id seen. */
async function claimBatch(
  app: FastifyInstance,
  after: number,
): Promise<{ last: number | null; queued: number }> {
  return app.db.transaction(async (tx) => {
    const since = sql`coalesce(${notificationSettings.digestSentAt}, ${users.createdAt})`;
    const digest = sql`coalesce(${notificationSettings.digest}, 'weekly')`;
    const rows = await tx
      .select({
        id: users.id,
        since: since.mapWith(notificationSettings.digestSentAt),
        due: sql<boolean>`(${digest} <> 'off' and ${since} <= now() - ${periodOf(digest)})`,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(and(gt(users.id, after), isColleague()))
      .orderBy(asc(users.id))
      .limit(DIGEST_USERS_PER_BATCH);
    const last = rows.length === DIGEST_USERS_PER_BATCH ? (rows[rows.length - 1]?.id ?? null) : null;
    const due = rows.filter((r) => r.due);
    if (due.length === 0) return { last, queued: 0 };
    // Taken only if still due as the row is written: another instance's claim of the same digest (an
    // insert it committed, or an update) makes this one change nothing and answer nothing.
    const claimed = await tx
      .insert(notificationSettings)
      .values(due.map((r) => ({ userId: r.id, digestSentAt: sql`now()` })))
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { digestSentAt: sql`excluded.digest_sent_at` },
        setWhere: sql`${notificationSettings.digest} <> 'off' and (${notificationSettings.digestSentAt} is null
          or ${notificationSettings.digestSentAt} <= now() - ${periodOf(sql`${notificationSettings.digest}`)})`,
      })
      .returning({
        userId: notificationSettings.userId,
        digest: notificationSettings.digest,
        until: notificationSettings.digestSentAt,
      });
    const sinceOf = new Map(due.map((r) => [r.id, r.since]));
    const jobs = claimed.flatMap((c) => {
      const from = sinceOf.get(c.userId);
      if (!from || !c.until || (c.digest !== 'daily' && c.digest !== 'weekly')) return [];
      const job: DigestJob = {
        userId: c.userId,
        frequency: c.digest,
        since: from.toISOString(),
        until: c.until.toISOString(),
      };
      return [{ data: job, id: jobIdOf(`hearth digest ${c.userId} ${job.since}`) }];
    });
    await app.jobs.sendMany('digest', jobs, tx);
    return { last, queued: jobs.length };
  });
}

type Candidate = { id: number; kind: number; title: string; opened: number };

/**
 * The most opened posts published in the last day or week (published, in their window, feed posts and
 * community posts): their opens counted along post_reads' primary key, so no scan of the reads. Kept for
 * a minute per instance and frequency: every digest of a run reads the same.
 */
async function topCandidates(app: FastifyInstance, frequency: Frequency): Promise<Candidate[]> {
  const key = `${frequency}`;
  const cache = candidateCache.get(app) ?? new Map<string, { at: number; rows: Candidate[] }>();
  candidateCache.set(app, cache);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.rows;
  const rows = await queryRows<Candidate>(
    app.db,
    sql`select * from (
      select p.id, p.kind, p.title,
        (select count(*)::int from post_reads r where r.post_id = p.id and r.opened_at is not null) as opened
      from feed_posts p
      where p.state_id = ${literal(STATE.PUBLISHED)} and p.start_at <= now()
        and p.start_at > now() - ${PERIOD[frequency]}::interval
        and (p.end_at is null or p.end_at > now())
        and (p.kind = ${literal(POST_KIND.FEED)} or p.community_id is not null)
    ) c where c.opened > 0
    order by c.opened desc, c.id desc limit ${literal(TOP_CANDIDATES)}`,
  );
  cache.set(key, { at: Date.now(), rows });
  return rows;
}
const candidateCache = new WeakMap<FastifyInstance, Map<string, { at: number; rows: Candidate[] }>>();

/**
 * Of the candidates, those the user may open, in order, at most DIGEST_TOP_POSTS: whether the post's
 * announcement would reach them (the audiences the features give, audiences.ts), so notifications need
 * know no feature's rules.
 */
async function openableBy(
  app: FastifyInstance,
  audiences: Audiences,
  userId: number,
  candidates: Candidate[],
): Promise<Candidate[]> {
  const asReader = sql`${U_COLLEAGUE} and u.id = ${userId}::int`;
  const probes = candidates.flatMap((c) => {
    const audience = audiences[c.kind === POST_KIND.FEED ? 'FEED_POST' : 'COMMUNITY_POST'];
    return audience
      ? [sql`select ${c.id}::int as id where exists (${audience({ id: 0, objectId: c.id }, asReader)})`]
      : [];
  });
  if (probes.length === 0) return [];
  const open = new Set(
    (await queryRows<{ id: number }>(app.db, sql.join(probes, sql` union all `))).map((r) => r.id),
  );
  return candidates.filter((c) => open.has(c.id)).slice(0, DIGEST_TOP_POSTS);
}

/** Writes and sends one digest, unless the user turned it off meanwhile or there is nothing to report. */
async function sendDigest(app: FastifyInstance, audiences: Audiences, job: DigestJob): Promise<void> {
  const [user] = await app.db
    .select({ email: users.email, firstName: users.firstName, digest: notificationSettings.digest })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(eq(users.id, job.userId), isColleague()));
  if (!user || user.digest === 'off') return;
  const since = new Date(job.since);
  const until = new Date(job.until);
  const unreadOfPeriod = and(
    eq(notifications.userId, job.userId),
    isNull(notifications.viewedAt),
    gt(notifications.sentAt, since),
    lte(notifications.sentAt, until),
  );
  const unread = await notificationRows(app.db, unreadOfPeriod, DIGEST_UNREAD_LIMIT);
  const [count] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(unreadOfPeriod);
  const top = await openableBy(app, audiences, job.userId, await topCandidates(app, job.frequency));
  if (unread.length === 0 && top.length === 0) return;
  const secret = unsubscribeSecret(app);
  const c = { brand: app.config.brandName, publicUrl: app.config.publicUrl };
  await app.mailer.send(
    digestMail(c, user, {
      frequency: job.frequency,
      unread: unread.map((n) => ({ type: n.type, title: n.title, path: pathOf(n) })),
      unreadTotal: count?.n ?? unread.length,
      topPosts: top.map((p) => ({
        title: p.title,
        opened: p.opened,
        path: pathOf({
          type: p.kind === POST_KIND.FEED ? 'FEED_POST' : 'COMMUNITY_POST',
          objectId: p.id,
          eventType: '',
          postKind: p.kind,
        }),
      })),
      // In the fragment: browsers never send it to a server, so it reaches no log (ADR 033).
      unsubscribeLink: `${c.publicUrl}${PATHS.unsubscribe}#${unsubscribeToken(secret, job.userId)}`,
    }),
  );
}

/** The digest's timer and job worker on this instance (`app.digest.run()` claims at once). */
export async function installDigest(app: FastifyInstance, audiences: Audiences): Promise<void> {
  // MAIL_CONCURRENCY at a time, batch after batch while any wait (platform/jobs.ts).
  await app.jobs.work<DigestJob>(
    'digest',
    async (job) => {
      try {
        await sendDigest(app, audiences, job);
      } catch (err) {
        app.metrics.mailFailures.inc();
        throw err;
      }
    },
    { concurrency: app.config.mailConcurrency },
  );
  let chain: Promise<number> = Promise.resolve(0);
  let closed = false;
  const runOnce = async () => {
    let queued = 0;
    let after = 0;
    for (;;) {
      if (closed) return queued;
      const batch = await claimBatch(app, after);
      queued += batch.queued;
      if (batch.last === null) break;
      after = batch.last;
    }
    if (queued > 0) app.jobs.wake('digest');
    return queued;
  };
  const runner: DigestRunner = {
    run() {
      const next = chain.then(runOnce, runOnce);
      chain = next.catch(() => 0);
      return next;
    },
  };
  app.decorate('digest', runner);
  const timer = setInterval(() => {
    runner.run().catch((err) => app.log.warn({ err }, 'e-mail digests were not queued'));
  }, DIGEST_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await chain;
  });
}
