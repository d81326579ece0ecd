// Pure rules of the staff survey screens (product.md sections 2, 3 and 4, Survey responses):
// the state flag a link carries, which categories become steps, the answers payload built from the form's
// values and whether the form opens as complete.
import {
  type AnswerType,
  type InstanceBody,
  MSG,
  type SurveyCategory,
  type SurveyForm,
  type SurveyQuestion,
} from '@hearth/contract';

/** product.md section 2: 0 the user has no instance yet, 1 one exists. */
export type SurveyStateFlag = 0 | 1;

/** The state flag from router state or the `?state=` query: 0 or 1, else null (unknown). */
export function parseStateFlag(value: unknown): SurveyStateFlag | null {
  if (value === 0 || value === '0') return 0;
  if (value === 1 || value === '1') return 1;
  return null;
}

/** The flag from router state first (the list passed it), then the address (a reload keeps it). */
export function stateFlagOf(routerState: unknown, query: string | null): SurveyStateFlag | null {
  const fromState =
    routerState && typeof routerState === 'object' && 'surveyState' in routerState
      ? parseStateFlag((routerState as { surveyState: unknown }).surveyState)
      : null;
  return fromState ?? parseStateFlag(query);
}

/** Where a survey of the list leads: the flag goes in the address too. */
export function surveyFillLink(surveyId: number, state: number): string {
  const flag = parseStateFlag(state);
  return flag === null ? `/surveys/${surveyId}` : `/surveys/${surveyId}?state=${flag}`;
}

/** product.md section 4: a survey that is not refillable and already answered opens as complete. */
export function opensAsComplete(isRefillable: number, hasInstance: boolean): boolean {
  return isRefillable === 0 && hasInstance;
}

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) =>
  a.position - b.position || a.id - b.id;

/** The form's steps: categories by position, questions and options by position; empty categories skipped. */
export function surveySteps(form: Pick<SurveyForm, 'categories'>): SurveyCategory[] {
  return [...form.categories]
    .sort(byPosition)
    .map((category) => ({
      ...category,
      questions: [...category.questions]
        .sort(byPosition)
        .map((q) => ({ ...q, options: [...q.options].sort(byPosition) })),
    }))
    .filter((category) => category.questions.length > 0);
}

export function isLastStep(current: number, total: number): boolean {
  return total === 0 || current >= total - 1;
}

/** The progress bar: the share of steps reached, step 1 of 4 being 25. */
export function stepPercent(current: number, total: number): number {
  if (total <= 0) return 0;
  const reached = Math.min(Math.max(current + 1, 0), total);
  return Math.round((reached / total) * 100);
}

/** The form field of a question (the form keeps every step's values, shown or not). */
export function fieldName(question: Pick<SurveyQuestion, 'id'>): ['answers', string] {
  return ['answers', String(question.id)];
}

export function isRequired(question: Pick<SurveyQuestion, 'optional'>): boolean {
  return question.optional === 0;
}

export type AnswerRule = { required: true; whitespace?: true; message: string };

/**
 * The form rules of a question: required ones block Next with MSG.answerRequired. Only text rules name
 * `whitespace`: with it the validator also checks the value is a string, which a number or a date is not.
 */
export function answerRules(question: Pick<SurveyQuestion, 'optional' | 'questionAnswerType'>): AnswerRule[] {
  if (!isRequired(question)) return [];
  const type = question.questionAnswerType.name;
  if (type === 'string' || type === 'textArea') {
    return [{ required: true, whitespace: true, message: MSG.answerRequired }];
  }
  return [{ required: true, message: MSG.answerRequired }];
}

type DateLike = { format: (template: string) => string; isValid?: () => boolean };

function isDateLike(value: unknown): value is DateLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { format?: unknown }).format === 'function'
  );
}

/**
 * One answer as the text the API stores (product.md section 4: every type is stored as text), '' when empty.
 */
export function answerText(type: AnswerType, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (type) {
    case 'date':
      if (isDateLike(value)) return value.isValid && !value.isValid() ? '' : value.format('YYYY-MM-DD');
      return typeof value === 'string' ? value.trim() : '';
    case 'number':
      if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
      return typeof value === 'string' ? value.trim() : '';
    default:
      if (typeof value === 'string') return value.trim();
      if (typeof value === 'number') return String(value);
      return '';
  }
}

/** The answers of the submit call, in step order; empty (optional) answers are left out. */
export function buildAnswers(
  steps: readonly SurveyCategory[],
  values: Record<string, unknown> | undefined,
): InstanceBody['answers'] {
  const answers: InstanceBody['answers'] = [];
  for (const category of steps) {
    for (const question of category.questions) {
      const text = answerText(question.questionAnswerType.name, values?.[String(question.id)]);
      if (text !== '') answers.push({ surveyQuestionId: question.id, textAnswer: text });
    }
  }
  return answers;
}

/** The first step holding a required question left empty, or -1 when every required one is answered. */
export function firstIncompleteStep(
  steps: readonly SurveyCategory[],
  values: Record<string, unknown> | undefined,
): number {
  return steps.findIndex((category) =>
    category.questions.some(
      (q) => isRequired(q) && answerText(q.questionAnswerType.name, values?.[String(q.id)]) === '',
    ),
  );
}
