// Surveys: staff find those open to them (access/surveys.ts openTo: published, active, in their dates, for
// an audience that includes them); administrators and post managers every survey, marked when not open.
import { sql } from 'drizzle-orm';
import { can } from '../../../access/policy';
import { openTo } from '../../../access/surveys';
import type { Bind } from '../../../db/params';
import { headline, type KindSpec, windowStatus } from '../kind-spec';
import { HEADLINE_OPTIONS } from '../snippet';

const surveyStatus = (now: Bind<Date>) => windowStatus('surveys', now, sql`not "surveys"."is_active"`);

export const surveysKind: KindSpec = {
  table: 'surveys',
  id: sql`"surveys"."id"`,
  at: sql`"surveys"."created_at"`,
  vector: sql`"surveys"."search_vector"`,
  author: sql`"surveys"."created_by_id"`,
  visible: (ctx) => (can(ctx.viewer, 'survey.manage') ? sql`true` : openTo(ctx.viewer.id, ctx.now)),
  status: surveyStatus,
  details: (ctx) => ({
    select: sql`"surveys"."title" as title,
      ${headline(sql`"surveys"."description"`, ctx, HEADLINE_OPTIONS)} as headline,
      au.id as author_id, au.first_name as author_first, au.last_name as author_last,
      null::int as community_id, null::text as community_title,
      null::int as post_id, null::int as post_kind,
      null::text as job_title, null::text as location, null::text as department, null::text as image_key`,
    joins: sql`join surveys on surveys.id = s.id left join users au on au.id = surveys.created_by_id`,
  }),
};
