// Communities: lists, one community, create and edit (admins), members and join/leave (product.md section 4:
// community visibility). Who sees what is decided in access.ts. num_users always equals the member rows:
// join and leave move it only when a row really changed; create and edit recount it in their transaction.
import {
  type Community,
  type CommunityDetail,
  type CommunityOption,
  type communitiesQuery,
  type communityBody,
  MSG,
  STATE,
  type UserSummary,
  VIEW_STATE,
  VISIBILITY,
} from '@hearth/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { communityVisibleTo, type Viewer } from '../../access/communities';
import { isColleague } from '../../access/people';
import { authorize, can } from '../../access/policy';
import type { Db } from '../../db/client';
import { communities, communityMembers, files, users } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import { summaryOf } from '../users/presenter';
import { selectSummaries } from '../users/queries';
import { type CommunityRow, requireCommunity } from './access';
import { communitiesOf, communityOf } from './community-reads';

export type CommunityForm = z.output<typeof communityBody>;
export type CommunitiesQuery = z.output<typeof communitiesQuery>;

const MB = 1024 * 1024;
/** product.md section 5: the create form takes images under 2MB, the edit form under 10MB. */
export const IMAGE_LIMIT = { create: 2 * MB, edit: 10 * MB } as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png'];

const newestFirst = [desc(communities.createdAt), desc(communities.id)] as const;

/** True when `fields` asks for the select options only (`fields=id,title`). */
export const wantsOptions = (fields: string | undefined) =>
  !!fields &&
  fields
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .every((f) => f === 'id' || f === 'title');

/** GET /communities: administrators every community (stateId filter), others those they see. */
export async function listCommunities(
  db: Db,
  viewer: Viewer,
  q: CommunitiesQuery,
): Promise<Community[] | CommunityOption[]> {
  const filters: (SQL | undefined)[] = [communityVisibleTo(viewer)];
  if (q.stateId !== undefined) filters.push(eq(communities.stateId, q.stateId));
  const limit = q.limit && q.limit > 0 ? q.limit : undefined;
  if (wantsOptions(q.fields)) {
    const query = db
      .select({ id: communities.id, title: communities.title })
      .from(communities)
      .where(and(...filters))
      .orderBy(...newestFirst);
    return limit ? query.limit(limit) : query;
  }
  const query = db
    .select()
    .from(communities)
    .where(and(...filters))
    .orderBy(...newestFirst);
  return communitiesOf(db, viewer, limit ? await query.limit(limit) : await query);
}

/** GET /communities/stats: My Communities (joined and visible) or Public Communities (published, public). */
export async function communityCards(db: Db, viewer: Viewer, viewState: number): Promise<Community[]> {
  const where =
    viewState === VIEW_STATE.MINE
      ? and(
          communityVisibleTo(viewer),
          sql`exists (select 1 from community_members m where m.community_id = ${communities.id} and m.user_id = ${viewer.id})`,
        )
      : and(eq(communities.stateId, STATE.PUBLISHED), eq(communities.visibilityId, VISIBILITY.PUBLIC));
  const rows = await db
    .select()
    .from(communities)
    .where(where)
    .orderBy(...newestFirst);
  return communitiesOf(db, viewer, rows);
}

/** Communities `userId` manages that the caller sees (the web's Create Post permission). */
export async function managedCommunities(db: Db, viewer: Viewer, userId: number): Promise<CommunityOption[]> {
  return db
    .select({ id: communities.id, title: communities.title })
    .from(communities)
    .innerJoin(
      communityMembers,
      and(
        eq(communityMembers.communityId, communities.id),
        eq(communityMembers.userId, userId),
        eq(communityMembers.isManager, true),
      ),
    )
    .where(communityVisibleTo(viewer))
    .orderBy(...newestFirst);
}

async function membersOf(db: Db, communityId: number, managersOnly = false): Promise<UserSummary[]> {
  const rows = await selectSummaries(db)
    .innerJoin(
      communityMembers,
      and(eq(communityMembers.userId, users.id), eq(communityMembers.communityId, communityId)),
    )
    .where(managersOnly ? eq(communityMembers.isManager, true) : undefined)
    .orderBy(desc(communityMembers.isManager), asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(summaryOf);
}

async function detailOf(db: Db, viewer: Viewer, row: CommunityRow): Promise<CommunityDetail> {
  const [presented, managers, members] = await Promise.all([
    communityOf(db, viewer, row),
    membersOf(db, row.id, true),
    can(viewer, 'community.seeMembers') ? membersOf(db, row.id) : Promise.resolve([]),
  ]);
  return { ...presented, managers, users: members };
}

/** GET /communities/:id: the community with its managers; its members only for administrators. */
export async function getCommunity(db: Db, viewer: Viewer, id: number): Promise<CommunityDetail> {
  const { community } = await requireCommunity(db, viewer, id);
  return detailOf(db, viewer, community);
}

/** GET /communities/:id/stats: the card of one community. */
export async function communityCard(db: Db, viewer: Viewer, id: number): Promise<Community> {
  const { community } = await requireCommunity(db, viewer, id);
  return communityOf(db, viewer, community);
}

/** GET /communities/:id/users: the members, for members and administrators. */
export async function communityUsers(db: Db, viewer: Viewer, id: number): Promise<UserSummary[]> {
  const access = await requireCommunity(db, viewer, id);
  authorize(viewer, 'community.write', access);
  return membersOf(db, id);
}

async function assertActiveUsers(db: Db, ids: readonly number[], field: string, message: string) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isColleague()));
  if (found.length !== ids.length) throw fieldError(field, message);
}

async function assertImage(db: Db, viewer: Viewer, fileId: number, limit: number) {
  const [file] = await db
    .select({ mimeType: files.mimeType, size: files.size, createdById: files.createdById })
    .from(files)
    .where(eq(files.id, fileId))
    // Checked in the save's transaction and held until it commits: the daily cleanup (files/cleanup.ts)
    // skips locked rows, so an upload it would take as unattached cannot vanish between check and save.
    .for('share');
  if (!file || !can(viewer, 'file.attach', file)) throw fieldError('image', MSG.communityImageMissing);
  if (!IMAGE_TYPES.includes(file.mimeType)) throw fieldError('image', MSG.imageTypeOnly);
  if (file.size >= limit)
    throw fieldError(
      'image',
      limit === IMAGE_LIMIT.create ? MSG.profileImageTooBig : MSG.communityImageTooBig,
    );
}

/** Checks a create or edit form against the database; `current` is the community being edited. */
async function validate(db: Db, viewer: Viewer, form: CommunityForm, current?: CommunityRow) {
  const managers = [...new Set(form.managers)];
  const members = [...new Set(form.users)].filter((id) => !managers.includes(id));
  await assertActiveUsers(db, managers, 'managers', MSG.managerUnknown);
  await assertActiveUsers(db, members, 'users', MSG.memberUnknown);
  const image = form.image ?? null;
  // An unchanged image is not checked again: another administrator may have uploaded it.
  if (image !== null && image !== current?.imageFileId)
    await assertImage(db, viewer, image, current ? IMAGE_LIMIT.edit : IMAGE_LIMIT.create);
  return { managers, members, image };
}

async function recountMembers(tx: Db, communityId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId));
  await tx
    .update(communities)
    .set({ numUsers: Number(row?.n ?? 0) })
    .where(eq(communities.id, communityId));
}

/** POST /communities: the community, its managers (members with is_manager) and members, in one transaction. */
export async function createCommunity(db: Db, viewer: Viewer, form: CommunityForm): Promise<CommunityDetail> {
  const row = await db.transaction(async (tx) => {
    const { managers, members, image } = await validate(tx, viewer, form);
    const [created] = await tx
      .insert(communities)
      .values({
        title: form.title,
        description: form.description,
        visibilityId: form.visibilityId,
        stateId: form.stateId,
        imageFileId: image,
        createdById: viewer.id,
        numUsers: managers.length + members.length,
      })
      .returning();
    if (!created) throw new Error('community not inserted');
    await tx
      .insert(communityMembers)
      .values([
        ...managers.map((userId) => ({ communityId: created.id, userId, isManager: true })),
        ...members.map((userId) => ({ communityId: created.id, userId, isManager: false })),
      ]);
    return created;
  });
  return detailOf(db, viewer, row);
}

/**
 * PUT /communities/:id: the whole form. Managers are replaced. A private community's members become
 * exactly `users` plus the managers; a public one keeps who joined and adds `users` (members leave by
 * themselves). A manager who is dropped stays a plain member where members are kept.
 */
export async function updateCommunity(
  db: Db,
  viewer: Viewer,
  id: number,
  form: CommunityForm,
): Promise<CommunityDetail> {
  const row = await db.transaction(async (tx) => {
    // Locks the row first: joins and leaves wait, so the recount below sees every committed member.
    const [locked] = await tx.select().from(communities).where(eq(communities.id, id)).for('update');
    if (!locked) throw notFound();
    const { managers, members, image } = await validate(tx, viewer, form, locked);
    if (form.visibilityId === VISIBILITY.PRIVATE) {
      const keep = [...managers, ...members];
      await tx.delete(communityMembers).where(
        and(
          eq(communityMembers.communityId, id),
          sql`${communityMembers.userId} not in (${sql.join(
            keep.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        ),
      );
    }
    await tx
      .update(communityMembers)
      .set({ isManager: false })
      .where(
        and(
          eq(communityMembers.communityId, id),
          eq(communityMembers.isManager, true),
          sql`${communityMembers.userId} not in (${sql.join(
            managers.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        ),
      );
    await tx
      .insert(communityMembers)
      .values(managers.map((userId) => ({ communityId: id, userId, isManager: true })))
      .onConflictDoUpdate({
        target: [communityMembers.communityId, communityMembers.userId],
        set: { isManager: true },
      });
    if (members.length)
      await tx
        .insert(communityMembers)
        .values(members.map((userId) => ({ communityId: id, userId, isManager: false })))
        .onConflictDoUpdate({
          target: [communityMembers.communityId, communityMembers.userId],
          set: { isManager: false },
        });
    await tx
      .update(communities)
      .set({
        title: form.title,
        description: form.description,
        visibilityId: form.visibilityId,
        stateId: form.stateId,
        imageFileId: image,
        updatedAt: new Date(),
      })
      .where(eq(communities.id, id));
    await recountMembers(tx, id);
    const [updated] = await tx.select().from(communities).where(eq(communities.id, id));
    if (!updated) throw notFound();
    return updated;
  });
  return detailOf(db, viewer, row);
}

/**
 * POST /communities/subscribe: join or leave a public, published community. Idempotent; the count moves
 * only when a member row was really inserted or deleted. Managers cannot leave (409).
 */
export async function subscribe(
  db: Db,
  viewer: Viewer,
  communityId: number,
  join: boolean,
): Promise<{ joined: boolean; numUsers: number }> {
  return db.transaction(async (tx) => {
    const access = await requireCommunity(tx, viewer, communityId);
    if (access.community.visibilityId !== VISIBILITY.PUBLIC) throw forbidden(MSG.privateMembership);
    if (access.community.stateId !== STATE.PUBLISHED) throw forbidden(MSG.communityNotOpen);
    if (!join && access.isManager) throw conflict(MSG.managerCannotLeave);
    const changed = join
      ? await tx
          .insert(communityMembers)
          .values({ communityId, userId: viewer.id, isManager: false })
          .onConflictDoNothing()
          .returning({ userId: communityMembers.userId })
      : await tx
          .delete(communityMembers)
          .where(
            and(
              eq(communityMembers.communityId, communityId),
              eq(communityMembers.userId, viewer.id),
              eq(communityMembers.isManager, false),
            ),
          )
          .returning({ userId: communityMembers.userId });
    if (changed.length > 0)
      await tx
        .update(communities)
        .set({ numUsers: sql`${communities.numUsers} + ${join ? 1 : -1}` })
        .where(eq(communities.id, communityId));
    const [counts] = await tx
      .select({ numUsers: communities.numUsers })
      .from(communities)
      .where(eq(communities.id, communityId));
    const [mine] = await tx
      .select({ isManager: communityMembers.isManager })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, viewer.id)));
    // A manager made while this call ran: refused as above rather than silently kept.
    if (!join && mine?.isManager) throw conflict(MSG.managerCannotLeave);
    if (!counts) throw notFound();
    return { joined: mine !== undefined, numUsers: counts.numUsers };
  });
}
