// The audience rule of product.md section 4 (Audience), shared by feed posts and surveys: an item is for
// everyone, or for chosen location and department groups. Features keep their items' audience in a link
// table of groups; this module knows the rule, not the features.
import { type SQL, sql } from 'drizzle-orm';
import type { Bind } from '../db/params';

/** Where an item keeps its audience: its table, and its link table of groups (with group_type_id copied). */
export type AudienceTables = { table: string; links: string; itemColumn: string };

/** Where surveys keep their audience. */
export const SURVEY_AUDIENCE: AudienceTables = {
  table: 'surveys',
  links: 'survey_groups',
  itemColumn: 'survey_id',
};

/** Where feed posts keep their audience. */
export const FEED_AUDIENCE: AudienceTables = {
  table: 'feed_posts',
  links: 'feed_post_groups',
  itemColumn: 'post_id',
};

/**
 * No groups means everyone; with groups, for every group type on the item the user is in at least one of
 * its groups of that type. `has_audience` spares the lookups for items meant for everyone. Table names are
 * constants of the code, never input, written as identifiers. `userId` may be a column (the notification
 * fan-out checks every user at once).
 */
export function audienceIncludes(t: AudienceTables, userId: Bind<number> | SQL): SQL {
  const table = sql.identifier(t.table);
  const links = sql.identifier(t.links);
  const itemColumn = sql.identifier(t.itemColumn);
  return sql`(not ${table}."has_audience" or not exists (
      select 1 from ${links} pg
      where pg.${itemColumn} = ${table}."id"
        and not exists (
          select 1 from ${links} pg2
          join user_groups ug on ug.group_id = pg2.group_id and ug.user_id = ${userId}
          where pg2.${itemColumn} = pg.${itemColumn} and pg2.group_type_id = pg.group_type_id)
      offset 0))`;
}
