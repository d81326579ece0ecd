// Surveys: creation, the builder's form, filling in (product.md sections 3, 4, 5 and 7; ADR 011).
import { z } from 'zod';
import { LIMITS, STATE } from '../constants';
import { MSG } from '../messages';
import { group } from './auth';
import { dbId, fieldsQuery, flag, requiredText, stateField, stateFilter, textId } from './common';
import { apiDate, surveyWindow } from './dates';
import { userSummary } from './users';

/** Question kinds of the builder and the answer types each may take (product.md sections 2 and 3). */
export const QUESTION_KINDS = ['text_input', 'options_question'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const ANSWER_TYPES = ['string', 'radio', 'number', 'textArea', 'select', 'date'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];
export const ANSWER_TYPES_OF: Record<QuestionKind, readonly AnswerType[]> = {
  text_input: ['string', 'textArea', 'number', 'date'],
  options_question: ['radio', 'select'],
};

/** A survey as lists and the edit form show it. */
export const survey = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  isActive: z.number(),
  isNotified: z.number(),
  isRefillable: z.number(),
  /** 1: responses are stored without the respondent (issue 19, ADR 035). */
  isAnonymous: z.number(),
  /**
   * The smallest location or department group an anonymous survey's report splits by, fixed from the
   * administrators' setting when the survey was first published (ADR 035); null until then.
   */
  minGroupSize: z.number().nullable(),
  createdById: z.number(),
  /** The owner (product.md section 3: Owner). */
  owner: userSummary,
  ...surveyWindow,
  /** The end time: the staff list shows it as relative time ("in 3 days"). */
  dueDate: z.string().nullable(),
  stateId: z.number(),
  groups: z.array(group),
  createdAt: z.string(),
});
export type Survey = z.infer<typeof survey>;

/**
 * A survey in the caller's Surveys list, with the state flag of product.md section 2: 0 no instance yet, 1
 * one exists. For an anonymous survey only the respondent learns it (ADR 035): asked about someone else (an
 * administrator naming another user), an anonymous survey always answers 0, whether or not they answered.
 */
export const userSurvey = survey.extend({ state: z.number() });
export type UserSurvey = z.infer<typeof userSurvey>;

export const surveysQuery = z.object({
  limit: z.coerce.number().int().min(-1).max(LIMITS.surveyListLimit).optional(),
  stateId: stateFilter,
  ...fieldsQuery.shape,
});

/** POST /surveys (new surveys start as draft with isActive 1); the answer's data is the new id. */
export const surveyCreateBody = z.object({
  title: requiredText(MSG.surveyTitleRequired, 300),
  description: requiredText(MSG.surveyDescriptionRequired, 5000),
  isRefillable: flag.default(0),
  isAnonymous: flag.default(0),
  groups: z.array(dbId).max(100, MSG.invalidInput).default([]),
  createdById: dbId.optional(),
  isActive: flag.default(1),
  stateId: stateField.default(STATE.DRAFT),
});
export type SurveyCreateBody = z.input<typeof surveyCreateBody>;

/** PUT /surveys/{id}: the whole edit form; start and end are required ('Please select time!'). */
export const surveyUpdateBody = z
  .object({
    title: requiredText(MSG.surveyTitleRequired, 300),
    description: requiredText(MSG.surveyDescriptionRequired, 5000),
    isRefillable: flag.default(0),
    /** Absent: unchanged. A change once the survey has responses is a 400 (ADR 035). */
    isAnonymous: flag.optional(),
    stateId: stateField,
    groups: z.array(dbId).max(100, MSG.invalidInput).default([]),
    startAt: apiDate(MSG.selectTime),
    endAt: apiDate(MSG.selectTime),
    isActive: flag.optional(),
  })
  .refine((b) => b.endAt > b.startAt, { path: ['endAt'], message: MSG.endBeforeStart });
export type SurveyUpdateBody = z.input<typeof surveyUpdateBody>;

// ---- The form (builder output, filling in) ----

export const surveyOption = z.object({ id: z.number(), value: z.string(), position: z.number() });
export const surveyQuestion = z.object({
  id: z.number(),
  title: z.string(),
  /**
   * 1 when the question may be left empty (product.md section 5: required when its optional flag is not...
   * 0).
   */
  optional: z.number(),
  position: z.number(),
  kind: z.enum(QUESTION_KINDS),
  questionAnswerType: z.object({ name: z.enum(ANSWER_TYPES) }),
  options: z.array(surveyOption),
});
export type SurveyQuestion = z.infer<typeof surveyQuestion>;
export const surveyCategory = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  questions: z.array(surveyQuestion),
});
export type SurveyCategory = z.infer<typeof surveyCategory>;
export const surveyForm = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  isRefillable: z.number(),
  /** 1: an anonymous survey (ADR 035): the form says so before anyone answers. */
  isAnonymous: z.number(),
  /** The smallest group its report splits by (fixed when published, null before): said before answering. */
  minGroupSize: z.number().nullable(),
  /** Whether responses exist: the builder then shows the questions read-only (ADR 011). */
  hasResponses: z.boolean(),
  /**
   * Whether the caller has answered: their own response, or for an anonymous survey their marker (ADR 035),
   * since an anonymous response is never listed back to its author.
   */
  answered: z.boolean(),
  categories: z.array(surveyCategory),
});
export type SurveyForm = z.infer<typeof surveyForm>;

/** POST /surveys/build-survey: the whole set of categories and questions, replacing the previous one. */
export const buildQuestion = z
  .object({
    title: requiredText(MSG.questionTitleRequired, 500),
    kind: z.enum(QUESTION_KINDS, { error: MSG.invalidInput }),
    answerType: z.enum(ANSWER_TYPES, { error: MSG.invalidInput }).optional(),
    optional: flag.default(0),
    options: z.array(z.string().trim().max(300, MSG.invalidInput)).max(50, MSG.invalidInput).default([]),
  })
  .transform((q) => ({
    ...q,
    answerType: q.answerType ?? (q.kind === 'options_question' ? 'radio' : 'string'),
    options: q.kind === 'options_question' ? q.options.filter((o) => o.length > 0) : [],
  }))
  .refine((q) => ANSWER_TYPES_OF[q.kind].includes(q.answerType), {
    path: ['answerType'],
    message: MSG.invalidInput,
  })
  .refine((q) => q.kind !== 'options_question' || q.options.length > 0, {
    path: ['options'],
    message: MSG.optionRequired,
  });
export const buildSurveyBody = z.object({
  surveyId: dbId,
  categories: z
    .array(
      z.object({
        name: requiredText(MSG.categoryNameRequired, 200),
        questions: z.array(buildQuestion).max(200, MSG.invalidInput).default([]),
      }),
    )
    .min(1, MSG.invalidInput)
    .max(50, MSG.invalidInput),
});
export type BuildSurveyBody = z.input<typeof buildSurveyBody>;

// ---- Instances (responses) ----

export const instanceBody = z.object({
  surveyId: dbId,
  createdById: dbId.optional(),
  answers: z
    .array(z.object({ surveyQuestionId: dbId, textAnswer: z.string().max(10_000, MSG.invalidInput) }))
    .max(1000, MSG.invalidInput),
});
export type InstanceBody = z.input<typeof instanceBody>;

export const surveyInstance = z.object({
  id: z.number(),
  surveyId: z.number(),
  /** Null for a response to an anonymous survey (its times are then the day only, ADR 035). */
  createdById: z.number().nullable(),
  isComplete: z.boolean(),
  completedAt: z.string().nullable(),
});
export type SurveyInstance = z.infer<typeof surveyInstance>;

export const instancesQuery = z.object({
  createdById: textId.optional(),
  surveyId: textId.optional(),
  fields: z.string().max(200).optional(),
});

// ---- Anonymous surveys (issue 19, ADR 035) ----

/** The default smallest group a location or department split of an anonymous survey shows. */
export const DEFAULT_MIN_GROUP_SIZE = 5;

/** The administrators' setting: splits of anonymous surveys show only groups of at least this many. */
export const anonymousSurveysSetting = z.strictObject(
  {
    minGroupSize: z
      .number({ error: MSG.minGroupSizeInvalid })
      .int(MSG.minGroupSizeInvalid)
      .min(2, MSG.minGroupSizeInvalid)
      .max(100, MSG.minGroupSizeInvalid),
  },
  { error: MSG.invalidInput },
);
export type AnonymousSurveysSetting = z.infer<typeof anonymousSurveysSetting>;
