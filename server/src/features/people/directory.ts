// The people directory (issue 17): colleagues (access/people.ts) by last name, first name and id, searched by name (and
// e-mail where colleagues see it), filtered by office location and department, one keyset page at a time.
// The sort key reads users_last_name_sort_idx (lower(last_name), id); the filters are probes of
// user_groups' primary key.
import { MSG, type PeoplePage, type ProfileFieldsSetting } from '@hearth/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { isColleague } from '../../access/people';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { inGroup, nameStartsWith, summaryColumns } from '../users/queries';
import { decodeNameCursor, encodeNameCursor, type NameCursor } from './cursor';
import { placesOf } from './places';
import { presentCard } from './presenter';

export type DirectoryQuery = {
  q?: string;
  locationId?: number;
  departmentId?: number;
  next?: string;
  limit: number;
};

const lastKey = sql<string>`lower(${users.lastName})`;
const firstKey = sql<string>`lower(${users.firstName})`;

/** SQL: after the cursor in (lower(last), lower(first), id) order. The looser first bound lets the planner
 * start the index range of lower(last_name) at the cursor. */
function after(c: NameCursor | undefined): SQL | undefined {
  if (!c) return undefined;
  return and(
    sql`${lastKey} >= ${c.last}`,
    sql`(${lastKey}, ${firstKey}, ${users.id}) > (${c.last}, ${c.first}, ${c.id})`,
  );
}

/**
 * A filter on a field the viewer may not see would tell them that field (who works in Cape Town), so it is
 * refused like any other bad input.
 */
function assertFilterable(q: DirectoryQuery, fields: ProfileFieldsSetting): void {
  const refused: Record<string, string> = {};
  if (q.locationId !== undefined && !fields.location) refused.locationId = MSG.invalidInput;
  if (q.departmentId !== undefined && !fields.department) refused.departmentId = MSG.invalidInput;
  const first = Object.values(refused)[0];
  if (first) throw badRequest(first, refused);
}

export async function listPeople(
  db: Db,
  q: DirectoryQuery,
  fields: ProfileFieldsSetting,
): Promise<PeoplePage> {
  assertFilterable(q, fields);
  const cursor = q.next ? decodeNameCursor(q.next) : undefined;
  const rows = await db
    .select({ ...summaryColumns, jobTitle: users.jobTitle, lastKey, firstKey })
    .from(users)
    .leftJoin(files, eq(files.id, users.profileImageFileId))
    .where(
      and(
        isColleague(),
        nameStartsWith(q.q, { email: fields.email }),
        inGroup(q.locationId),
        inGroup(q.departmentId),
        after(cursor),
      ),
    )
    .orderBy(lastKey, firstKey, asc(users.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const places = await placesOf(
    db,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
  const next =
    rows.length > q.limit && last
      ? encodeNameCursor({ last: last.lastKey, first: last.firstKey, id: last.id })
      : null;
  return {
    people: page.map((r) => presentCard({ ...r, ...places.get(r.id) }, fields)),
    next,
    fields,
  };
}
