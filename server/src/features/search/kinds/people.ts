// People: colleagues only (access/people.ts), for everyone (a deactivated or unproven account is not found,
// not even by administrators: the directory is for reaching people). A name matches by the prefixes of its words
// (the search vector) or by trigram similarity of the whole name or one of its parts (typos: "Margret",
// "Smiht"), each served by a GIN index (users_*_trgm_idx); `%` is similarity above pg_trgm's 0.3. The
// vector holds the job title too (weight B): for a viewer the profile-fields setting hides it from, only
// the names (weight A) match and rank, so a hidden job title can neither be read nor searched for (issue
// 30, M3); the index still finds the candidates.
import { GROUP_TYPE } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import { isColleague } from '../../../access/people';
import type { KindSpec, SearchContext } from '../kind-spec';

const plainText = (ctx: SearchContext) => sql`lower(public.hearth_unaccent(${ctx.plain}))`;

/** The words matched: names and job title, or the names only where the viewer may not see job titles. */
const words = (ctx: SearchContext) =>
  ctx.fields.jobTitle ? sql`"users"."search_vector"` : sql`ts_filter("users"."search_vector", '{a}')`;

/** The vector matches: by its index, then, where the job title is hidden, by the names alone. */
const vectorMatch = (ctx: SearchContext) =>
  ctx.fields.jobTitle
    ? sql`"users"."search_vector" @@ ${ctx.q}`
    : sql`("users"."search_vector" @@ ${ctx.q} and ${words(ctx)} @@ ${ctx.q})`;

const groupName = (type: number) =>
  sql`(select g.name from user_groups ug join groups g on g.id = ug.group_id
    where ug.user_id = users.id and g.group_type_id = ${type} order by g.name limit 1)`;

export const peopleKind: KindSpec = {
  table: 'users',
  id: sql`"users"."id"`,
  at: sql`"users"."created_at"`,
  vector: sql`"users"."search_vector"`,
  visible: () => isColleague(),
  status: () => sql`null::text`,
  uncapped: true,
  match: (ctx) => {
    const t = plainText(ctx);
    // As you type, one trigram index: the words typed within the whole name ("Margret" finds Margaret,
    // word_similarity over 0.6). The results page also compares each part of the name ("Smiht"), which
    // rechecks every candidate through unaccent: three times the cost of a keystroke (bench/search.mjs).
    if (ctx.suggest)
      return sql`(${vectorMatch(ctx)} or (${ctx.plain} <> '' and ${t} <% "users"."search_name"))`;
    return sql`(${vectorMatch(ctx)}
      or (${ctx.plain} <> '' and (${t} % "users"."search_name"
        or ${t} % lower(public.hearth_unaccent("users"."first_name"))
        or ${t} % lower(public.hearth_unaccent("users"."last_name")))))`;
  },
  score: (ctx) =>
    sql`round(greatest(word_similarity(${plainText(ctx)}, "users"."search_name"),
      ts_rank(${words(ctx)}, ${ctx.q})) * 1000000)::int`,
  details: () => ({
    select: sql`"users"."first_name" || ' ' || "users"."last_name" as title,
      null::text as headline,
      null::int as author_id, null::text as author_first, null::text as author_last,
      null::int as community_id, null::text as community_title,
      null::int as post_id, null::int as post_kind,
      "users"."job_title" as job_title, ${groupName(GROUP_TYPE.LOCATION)} as location,
      ${groupName(GROUP_TYPE.DEPARTMENT)} as department, f.storage_key as image_key`,
    joins: sql`join users on users.id = s.id left join files f on f.id = users.profile_image_file_id`,
  }),
};
