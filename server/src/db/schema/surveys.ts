// Surveys: their audience, the form (categories, questions, options) and the responses with their answers.
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, ts, updatedAt } from './columns';
import { searchVector } from './search-columns';
import { groups, users } from './users';

/**
 * Surveys (product.md section 3). A survey's questions sit in categories (one step of the form each). Answers
 * are text (product.md section 4); a question that has answers cannot be deleted (answers reference it
 * without cascade), and build-survey refuses to change the questions of a survey that has responses
 * (ADR 011).
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isNotified: boolean('is_notified').notNull().default(false),
    isRefillable: boolean('is_refillable').notNull().default(false),
    createdById: ref('created_by_id', () => users.id),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    stateId: integer('state_id').notNull().default(1),
    /** Whether the survey has its own audience (location/department groups), as feed posts. */
    hasAudience: boolean('has_audience').notNull().default(false),
    /**
     * Anonymous (issue 19): responses keep no respondent id; whether someone answered is a one-way marker
     * in survey_respondent_markers, and the respondent's location and department are copied onto the
     * response for splits shown only for groups large enough.
     */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /**
     * The smallest location or department group the splits of an anonymous survey show (ADR 035), copied
     * from the administrators' setting when the survey is first published (at the latest by its first
     * response) and never changed after: lowering the setting later must not reveal a group its
     * respondents answered in. Null while the survey has never been published.
     */
    minGroupSize: integer('min_group_size'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchVector: searchVector(['title', 'A'], ['description', 'B']),
  },
  (t) => [
    index('surveys_created_idx').on(t.createdAt, t.id),
    index('surveys_state_end_idx').on(t.stateId, t.endAt),
    index('surveys_search_idx').using('gin', t.searchVector),
  ],
);

export const surveyGroups = pgTable(
  'survey_groups',
  {
    surveyId: ref('survey_id', () => surveys.id, 'cascade'),
    groupId: ref('group_id', () => groups.id),
    groupTypeId: integer('group_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.groupId] })],
);

export const surveyCategories = pgTable(
  'survey_categories',
  {
    id: serial('id').primaryKey(),
    surveyId: ref('survey_id', () => surveys.id, 'cascade'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_categories_survey_idx').on(t.surveyId, t.position)],
);

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyId: ref('survey_id', () => surveys.id, 'cascade'),
    categoryId: ref('category_id', () => surveyCategories.id, 'cascade'),
    title: text('title').notNull(),
    /** text_input or options_question (product.md section 2). */
    kind: text('kind').notNull(),
    /** string, textArea, number, date (text input); radio, select (options). */
    answerType: text('answer_type').notNull(),
    optional: boolean('optional').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_questions_category_idx').on(t.categoryId, t.position)],
);

export const surveyQuestionOptions = pgTable(
  'survey_question_options',
  {
    id: serial('id').primaryKey(),
    questionId: ref('question_id', () => surveyQuestions.id, 'cascade'),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_question_options_question_idx').on(t.questionId, t.position)],
);

/** A user's response ("instance"). Non-refillable surveys take one per user (checked under a row lock). */
export const surveyInstances = pgTable(
  'survey_instances',
  {
    id: serial('id').primaryKey(),
    surveyId: ref('survey_id', () => surveys.id),
    /** Null for a response to an anonymous survey. */
    createdById: integer('created_by_id').references(() => users.id),
    /** The respondent's location and department when answering an anonymous survey (no foreign key: a
     * deleted group leaves its responses under "None"). */
    locationId: integer('location_id'),
    departmentId: integer('department_id'),
    isComplete: boolean('is_complete').notNull().default(true),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('survey_instances_survey_user_idx').on(t.surveyId, t.createdById),
    index('survey_instances_user_idx').on(t.createdById),
  ],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    instanceId: ref('instance_id', () => surveyInstances.id, 'cascade'),
    // No cascade: a question with answers cannot disappear under them.
    questionId: ref('question_id', () => surveyQuestions.id),
    textAnswer: text('text_answer').notNull(),
  },
  (t) => [
    index('survey_answers_instance_idx').on(t.instanceId),
    index('survey_answers_question_idx').on(t.questionId),
  ],
);

/**
 * Who has answered an anonymous survey, as a keyed one-way hash of the survey and the person (HMAC with a
 * server secret): it answers "already answered?" for that person and cannot be turned back into a person
 * or matched to a response (no time, no response id).
 */
export const surveyRespondentMarkers = pgTable(
  'survey_respondent_markers',
  {
    surveyId: ref('survey_id', () => surveys.id, 'cascade'),
    marker: text('marker').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.marker] })],
);
