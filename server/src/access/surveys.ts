// Which surveys are open to a user (product.md section 4, Survey responses and Audience): published, active,
// inside start/end (a survey without times is not open), and for an audience the user belongs to. One SQL
// predicate serves the staff list, one survey, its form, the submission, search and whom its announcement
// reaches, so they cannot disagree.
import { STATE } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Bind, literal, tsParam } from '../db/params';
import { audienceIncludes, SURVEY_AUDIENCE } from './audience';

/**
 * Open to `userId` (a value, or a column such as `u.id` when every user is judged at once) at `now`, for an
 * audience that includes them (`audienceIncludes`). Columns are qualified so the subqueries bind to the
 * outer survey row.
 */
export function openTo(userId: Bind<number> | SQL, now: Bind<Date> = new Date()): SQL {
  const at = tsParam(now);
  return sql`(${surveyOpenAt(at)} and ${audienceIncludes(SURVEY_AUDIENCE, userId)})`;
}

/** Published, active and inside its dates at `at` (a timestamptz expression), whoever asks. */
export function surveyOpenAt(at: SQL): SQL {
  return sql`("surveys"."state_id" = ${literal(STATE.PUBLISHED)} and "surveys"."is_active"
    and "surveys"."start_at" is not null and "surveys"."end_at" is not null
    and "surveys"."start_at" <= ${at} and ${at} < "surveys"."end_at")`;
}
