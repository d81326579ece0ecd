// SQL about the groups people are in, for statements that count people by location and department.
import { GROUP_TYPE } from '@hearth/contract';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Bind } from './params';
import { literal } from './params';

/**
 * SQL: the id of the person's group of the type (a location or a department), or null when they are in
 * none. A person has one of each (product.md: one location, one department); should they have several,
 * the smallest id stands for them, the same everywhere. `userId` may be a value or a column.
 */
export function groupOf(userId: Bind<number> | SQL, type: number): SQL {
  return sql`(select min(ug.group_id) from user_groups ug join groups g on g.id = ug.group_id
    where ug.user_id = ${userId} and g.group_type_id = ${literal(type)})`;
}

/**
 * SQL: the names of all the person's groups of the type, by name, comma-separated (null when none): what
 * a report or CSV shows, where a person in two departments is shown in both.
 */
export function groupNames(userId: SQL, type: number): SQL {
  return sql`(select string_agg(g.name, ', ' order by g.name)
    from user_groups ug join groups g on g.id = ug.group_id
    where ug.user_id = ${userId} and g.group_type_id = ${literal(type)})`;
}

/** The person's location and department as two SQL values, in that order. */
export const placeOf = (userId: Bind<number> | SQL) =>
  sql`${groupOf(userId, GROUP_TYPE.LOCATION)}, ${groupOf(userId, GROUP_TYPE.DEPARTMENT)}`;
