// Admin reports (product.md sections 2, 3, 7 and 9). Administrators only.
// Tables page, sort and filter on the server (a group may have 100,000 users); CSV downloads stream the
// same rows with the same filters, with exactly product.md's columns.
import { z } from 'zod';
import { personFields, textId } from './common';
import { surveyWindow } from './dates';
import { postReportRow } from './feed';

/** CSV header rows, word for word (product.md section 9). */
export const USER_ACTIVITY_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Location',
  'Department',
  'Role',
  'Likes',
  'Favourites',
  'Surveys',
  'Last Active',
  'Created',
] as const;
/**
 * SPEC names these columns exactly (issue 33: Seen, Opened and Acknowledged had been added): the reach
 * figures stay in the report's table and in each post's reach CSV.
 */
export const POST_ACTIVITY_CSV_COLUMNS = [
  'Title',
  'Subtitle',
  'Start Date',
  'End Date',
  'Comments',
  'Likes',
  'Favourites',
  'Categories',
] as const;

// ---- CSV downloads ----

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const TZ_MESSAGE = 'tz must be an IANA time zone name, such as Europe/London or UTC';

/**
 * Optional `tz` query parameter of the CSV downloads: an IANA zone name; UTC when absent. Dates in a CSV
 * are in the zone the admin's screen shows (product.md section 9, Dates: screens use the viewer's local
 * time).
 */
export const tzParam = z
  .string()
  .max(64)
  .refine(isTimeZone, { error: TZ_MESSAGE })
  .optional()
  .transform((tz) => tz ?? 'UTC');

/** The CSVs without filters of their own: only the viewer's time zone. */
export const csvTzQuery = z.object({ tz: tzParam });

/** File name stems; the server appends `-<YYYYMMDD-HHmmss>.csv` (survey: `-<id>-<YYYYMMDD-HHmmss>.csv`). */
export const REPORT_FILE_STEMS = {
  userActivity: 'user-activity-report',
  postActivity: 'post-activity-report',
  surveyResponses: 'survey-responses-report',
  /** Who has not acknowledged a must-read post (issue 18): `-<post id>-<YYYYMMDD-HHmmss>.csv`. */
  notAcknowledged: 'not-acknowledged',
} as const;

// ---- The paged tables ----

/** What a table's search box sends. */
const search = z.string().trim().max(100).optional();

/** A table's page, and its order by one of `sorts`. */
const tableQuery = <const S extends readonly [string, ...string[]]>(
  sorts: S,
  sort: S[number],
  order: 'asc' | 'desc',
) => ({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(sorts).default(sort),
  order: z.enum(['asc', 'desc']).default(order),
});

/** One page of a table's rows, and how many rows there are in all. */
const tablePage = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });

// ---- User activity ----

export const USER_ACTIVITY_SORTS = [
  'firstName',
  'lastName',
  'location',
  'department',
  'roleId',
  'likes',
  'favourites',
  'surveys',
  'lastActiveAt',
  'createdAt',
] as const;
export type UserActivitySort = (typeof USER_ACTIVITY_SORTS)[number];

/** Filters shared by the table and its CSV. */
export const userActivityFilters = z.object({
  /** Matches first name, last name or e-mail, case-insensitively. */
  search,
  locationId: textId.optional(),
  departmentId: textId.optional(),
  roleId: z.coerce.number().int().min(1).max(3).optional(),
});
export type UserActivityFilters = z.infer<typeof userActivityFilters>;

export const userActivityQuery = userActivityFilters.extend(
  tableQuery(USER_ACTIVITY_SORTS, 'lastName', 'asc'),
);
export type UserActivityQuery = z.input<typeof userActivityQuery>;

/** The CSV takes the table's filters and order (not its page) and the viewer's time zone. */
export const userActivityCsvQuery = userActivityQuery
  .omit({ page: true, pageSize: true })
  .extend({ tz: tzParam });

export const userActivityRow = z.object({
  ...personFields,
  email: z.string(),
  /** Group names (type 1 location, type 2 department); null when the user has none. */
  location: z.string().nullable(),
  department: z.string().nullable(),
  roleId: z.number(),
  likes: z.number(),
  favourites: z.number(),
  /** Completed survey responses. */
  surveys: z.number(),
  /** Latest login or session refresh; null if never. ISO 8601 UTC. */
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserActivityRow = z.infer<typeof userActivityRow>;
export const userActivityPage = tablePage(userActivityRow);
export type UserActivityPage = z.infer<typeof userActivityPage>;

/** Active users per week (chart): distinct users who logged in, refreshed a session, liked, commented or answered. */
export const activeUsersQuery = z.object({ weeks: z.coerce.number().int().min(1).max(104).default(12) });
export const activeUsersWeek = z.object({
  /** Monday of the week, YYYY-MM-DD (UTC). */
  weekStart: z.string(),
  activeUsers: z.number(),
});
export type ActiveUsersWeek = z.infer<typeof activeUsersWeek>;

// ---- Post activity ----

export const POST_ACTIVITY_SORTS = [
  'title',
  'subtitle',
  'startAt',
  'endAt',
  'comments',
  'likes',
  'favourites',
] as const;
export type PostActivitySort = (typeof POST_ACTIVITY_SORTS)[number];

/**
 * GET /reports/post-activity: the table, paged, sorted and searched (title or subtitle) on the server, as a
 * group may have 100,000 posts. GET /newsfeed/postsReport (product.md section 7) still answers every row.
 */
export const postActivityQuery = z.object({ search, ...tableQuery(POST_ACTIVITY_SORTS, 'startAt', 'desc') });
/** GET /reports/top-posts: the posts with the most likes and comments together (the chart). */
export const topPostsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const postActivityPage = tablePage(postReportRow);
export type PostActivityPage = z.infer<typeof postActivityPage>;

// ---- Survey responses ----

/** GET /reports/survey-responses: every survey with its count of completed responses. */
export const surveyReportListRow = z.object({
  id: z.number(),
  title: z.string(),
  stateId: z.number(),
  ...surveyWindow,
  responses: z.number(),
  /** An anonymous survey (ADR 035): its report names no one. */
  isAnonymous: z.boolean(),
});
export type SurveyReportListRow = z.infer<typeof surveyReportListRow>;

/**
 * GET /surveys/{id}/report (product.md section 3: instances and questions, each question with its answers).
 */
export const surveyReportInstance = z.object({
  /** The response's id; for an anonymous survey a number 1..n in an order that is not the answering order. */
  id: z.number(),
  isComplete: z.boolean(),
  /** Null for an anonymous survey (no time is shown, ADR 035). */
  completedAt: z.string().nullable(),
  /** Null for an anonymous survey. */
  createdBy: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});
export const surveyReportAnswer = z.object({
  surveyInstanceId: z.number(),
  surveyQuestionId: z.number(),
  textAnswer: z.string(),
});
export const surveyReportQuestion = z.object({
  id: z.number(),
  title: z.string(),
  categoryName: z.string(),
  questionAnswerType: z.object({ name: z.string() }),
  /** Option values of a choice question (radio, select); empty for text questions. */
  options: z.array(z.string()),
  answers: z.array(surveyReportAnswer),
});
/** How many responses of one split row chose each option of a choice question. */
export const surveySplitChoice = z.object({
  questionId: z.number(),
  counts: z.array(z.object({ option: z.string(), count: z.number() })),
});
/**
 * One row of a location or department split: a group with at least `minGroupSize` responses, or `other`:
 * the smaller groups (and those without a group) together, itself shown only when at least `minGroupSize`.
 */
export const surveySplitRow = z.object({
  /** The group's name; null for the merged row of smaller groups. */
  name: z.string().nullable(),
  other: z.boolean(),
  responses: z.number(),
  choices: z.array(surveySplitChoice),
});
export type SurveySplitRow = z.infer<typeof surveySplitRow>;
export const surveySplits = z.object({
  minGroupSize: z.number(),
  locations: z.array(surveySplitRow),
  departments: z.array(surveySplitRow),
});
export type SurveySplits = z.infer<typeof surveySplits>;

export const surveyReport = z.object({
  survey: z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    isAnonymous: z.boolean(),
  }),
  instances: z.array(surveyReportInstance),
  questions: z.array(surveyReportQuestion),
  /** Anonymous surveys only (null otherwise): results by the respondents' location and department. */
  splits: surveySplits.nullable(),
});
export type SurveyReport = z.infer<typeof surveyReport>;
export type SurveyReportQuestion = z.infer<typeof surveyReportQuestion>;
