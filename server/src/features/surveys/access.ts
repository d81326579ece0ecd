// Which surveys are open to a user (product.md section 4, Survey responses and Audience): published, active,
// inside start/end (a survey without times is not open), and for an audience the user belongs to. One SQL
// predicate serves the staff list, one survey, its form and the submission, so they cannot disagree.
import { STATE } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Bind, literal, tsParam } from '../../db/params';
import type { CurrentUser } from '../../platform/auth/guards';
import { can } from '../../platform/policy';
import { type AudienceTables, audienceIncludes } from '../audience/audience';

export const SURVEY_AUDIENCE: AudienceTables = {
  table: 'surveys',
  links: 'survey_groups',
  itemColumn: 'survey_id',
};

/**
 * Open to `userId` at `now`, for an audience that includes them (the feed's rule, `audienceIncludes`).
 * Columns are qualified so the subqueries bind to the outer survey row.
 */
export function openTo(userId: Bind<number>, now: Bind<Date> = new Date()): SQL {
  const at = tsParam(now);
  return sql`("surveys"."state_id" = ${literal(STATE.PUBLISHED)} and "surveys"."is_active"
    and "surveys"."start_at" is not null and "surveys"."end_at" is not null
    and "surveys"."start_at" <= ${at} and ${at} < "surveys"."end_at"
    and ${audienceIncludes(SURVEY_AUDIENCE, userId)})`;
}

/** Administrators and post managers read and build any survey; staff only the ones open to them. */
export const managesSurveys = (caller: CurrentUser) => can(caller, 'survey.manage');
