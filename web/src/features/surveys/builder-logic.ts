// The survey builder's working copy (product.md sections 2, 3 and 5): categories, each with its questions and
// their options, and the pure steps that change it. The page only holds the state and renders it.
import {
  ANSWER_TYPES_OF,
  type AnswerType,
  type BuildSurveyBody,
  MSG,
  type QuestionKind,
  type SurveyForm,
} from '@hearth/contract';

export type DraftOption = { key: string; value: string };
export type DraftQuestion = {
  key: string;
  title: string;
  kind: QuestionKind;
  answerType: AnswerType;
  required: boolean;
  options: DraftOption[];
};
export type DraftCategory = { key: string; name: string; questions: DraftQuestion[] };

let seq = 0;
/** A key for React lists; never sent to the server. */
function nextKey(prefix: string): string {
  seq += 1;
  return `${prefix}${seq}`;
}

export const CATEGORY_PREFIX = 'Category';

export const KIND_LABELS: Record<QuestionKind, string> = {
  text_input: 'Text input',
  options_question: 'Multiple choice (Select/Radio)',
};

export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  string: 'Short text',
  textArea: 'Long text',
  number: 'Number',
  date: 'Date',
  radio: 'Radio buttons',
  select: 'Dropdown select',
};

export function newOption(value = ''): DraftOption {
  return { key: nextKey('o'), value };
}

export function newQuestion(kind: QuestionKind = 'text_input'): DraftQuestion {
  return {
    key: nextKey('q'),
    title: '',
    kind,
    answerType: ANSWER_TYPES_OF[kind][0] as AnswerType,
    required: true,
    options: kind === 'options_question' ? [newOption()] : [],
  };
}

export function newCategory(name: string): DraftCategory {
  return { key: nextKey('c'), name, questions: [] };
}

/** 'Category N': the first N from the count onwards that no category is called yet. */
export function nextCategoryName(categories: readonly DraftCategory[]): string {
  const used = new Set(categories.map((c) => c.name.trim().toLowerCase()));
  let n = categories.length + 1;
  while (used.has(`${CATEGORY_PREFIX} ${n}`.toLowerCase())) n += 1;
  return `${CATEGORY_PREFIX} ${n}`;
}

/** The working copy of a stored form; a survey without categories starts with 'Category 1'. */
export function fromForm(form: Pick<SurveyForm, 'categories'> | undefined): DraftCategory[] {
  const categories = [...(form?.categories ?? [])].sort((a, b) => a.position - b.position);
  if (categories.length === 0) return [newCategory(`${CATEGORY_PREFIX} 1`)];
  return categories.map((c) => ({
    key: nextKey('c'),
    name: c.name,
    questions: [...c.questions]
      .sort((a, b) => a.position - b.position)
      .map((q) => {
        const answerType = q.questionAnswerType.name;
        const kind: QuestionKind = ANSWER_TYPES_OF.options_question.includes(answerType)
          ? 'options_question'
          : q.kind;
        return {
          key: nextKey('q'),
          title: q.title,
          kind,
          answerType: ANSWER_TYPES_OF[kind].includes(answerType)
            ? answerType
            : (ANSWER_TYPES_OF[kind][0] as AnswerType),
          required: q.optional === 0,
          options:
            kind === 'options_question'
              ? [...q.options].sort((a, b) => a.position - b.position).map((o) => newOption(o.value))
              : [],
        };
      }),
  }));
}

// ---- categories ---------------------------------------------------------------------------------

export function addCategory(categories: readonly DraftCategory[]): DraftCategory[] {
  return [...categories, newCategory(nextCategoryName(categories))];
}

export function renameCategory(categories: readonly DraftCategory[], index: number, name: string) {
  return categories.map((c, i) => (i === index ? { ...c, name } : c));
}

/** Swaps category `index` with its neighbour (`by` -1 left, +1 right); out of range leaves it as it is. */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

export const moveCategory = (categories: readonly DraftCategory[], index: number, by: -1 | 1) =>
  moveItem(categories, index, by);

/** Removes a category; the last one stays (a survey has at least one). */
export function removeCategory(categories: readonly DraftCategory[], index: number): DraftCategory[] {
  if (categories.length <= 1) return [...categories];
  return categories.filter((_, i) => i !== index);
}

// ---- questions and options ----------------------------------------------------------------------

function patchCategory(
  categories: readonly DraftCategory[],
  index: number,
  patch: (c: DraftCategory) => DraftCategory,
): DraftCategory[] {
  return categories.map((c, i) => (i === index ? patch(c) : c));
}

function patchQuestion(
  categories: readonly DraftCategory[],
  ci: number,
  qi: number,
  patch: (q: DraftQuestion) => DraftQuestion,
): DraftCategory[] {
  return patchCategory(categories, ci, (c) => ({
    ...c,
    questions: c.questions.map((q, i) => (i === qi ? patch(q) : q)),
  }));
}

export function addQuestion(categories: readonly DraftCategory[], ci: number, kind?: QuestionKind) {
  return patchCategory(categories, ci, (c) => ({ ...c, questions: [...c.questions, newQuestion(kind)] }));
}

export function removeQuestion(categories: readonly DraftCategory[], ci: number, qi: number) {
  return patchCategory(categories, ci, (c) => ({ ...c, questions: c.questions.filter((_, i) => i !== qi) }));
}

export function moveQuestion(categories: readonly DraftCategory[], ci: number, qi: number, by: -1 | 1) {
  return patchCategory(categories, ci, (c) => ({ ...c, questions: moveItem(c.questions, qi, by) }));
}

export type QuestionPatch = Partial<Pick<DraftQuestion, 'title' | 'kind' | 'answerType' | 'required'>>;

/**
 * Changes a question. A new kind brings its first answer type unless the given one fits, and an option
 * question always has at least one option input to type into.
 */
export function updateQuestion(
  categories: readonly DraftCategory[],
  ci: number,
  qi: number,
  patch: QuestionPatch,
): DraftCategory[] {
  return patchQuestion(categories, ci, qi, (q) => {
    const next = { ...q, ...patch };
    if (!ANSWER_TYPES_OF[next.kind].includes(next.answerType)) {
      next.answerType = ANSWER_TYPES_OF[next.kind][0] as AnswerType;
    }
    if (next.kind === 'options_question' && next.options.length === 0) next.options = [newOption()];
    return next;
  });
}

export function addOption(categories: readonly DraftCategory[], ci: number, qi: number) {
  return patchQuestion(categories, ci, qi, (q) => ({ ...q, options: [...q.options, newOption()] }));
}

export function updateOption(
  categories: readonly DraftCategory[],
  ci: number,
  qi: number,
  oi: number,
  value: string,
) {
  return patchQuestion(categories, ci, qi, (q) => ({
    ...q,
    options: q.options.map((o, i) => (i === oi ? { ...o, value } : o)),
  }));
}

export function removeOption(categories: readonly DraftCategory[], ci: number, qi: number, oi: number) {
  return patchQuestion(categories, ci, qi, (q) => ({ ...q, options: q.options.filter((_, i) => i !== oi) }));
}

// ---- validation and the request body ------------------------------------------------------------

export type BuilderIssue = {
  categoryIndex: number;
  /** Absent for the category's own name. */
  questionIndex?: number;
  field: 'name' | 'title' | 'options';
  message: string;
};

/** Everything that keeps the builder from saving, in screen order (product.md section 5). */
export function validateBuilder(categories: readonly DraftCategory[]): BuilderIssue[] {
  const issues: BuilderIssue[] = [];
  categories.forEach((c, ci) => {
    if (!c.name.trim()) issues.push({ categoryIndex: ci, field: 'name', message: MSG.categoryNameRequired });
    c.questions.forEach((q, qi) => {
      if (!q.title.trim()) {
        issues.push({
          categoryIndex: ci,
          questionIndex: qi,
          field: 'title',
          message: MSG.questionTitleRequired,
        });
      }
      if (q.kind === 'options_question' && !q.options.some((o) => o.value.trim())) {
        issues.push({ categoryIndex: ci, questionIndex: qi, field: 'options', message: MSG.optionRequired });
      }
    });
  });
  return issues;
}

/** The issue on one field, for showing it under that field. */
export function issueFor(
  issues: readonly BuilderIssue[],
  categoryIndex: number,
  field: BuilderIssue['field'],
  questionIndex?: number,
): string | undefined {
  return issues.find(
    (i) => i.categoryIndex === categoryIndex && i.field === field && i.questionIndex === questionIndex,
  )?.message;
}

/** Categories that hold at least one issue (the stepper marks them). */
export function categoriesWithIssues(issues: readonly BuilderIssue[]): Set<number> {
  return new Set(issues.map((i) => i.categoryIndex));
}

/** POST /surveys/build-survey: trimmed text, optional = 0 when required, only non-empty options. */
export function toBuildBody(surveyId: number, categories: readonly DraftCategory[]): BuildSurveyBody {
  return {
    surveyId,
    categories: categories.map((c) => ({
      name: c.name.trim(),
      questions: c.questions.map((q) => ({
        title: q.title.trim(),
        kind: q.kind,
        answerType: q.answerType,
        optional: q.required ? 0 : 1,
        options:
          q.kind === 'options_question'
            ? q.options.map((o) => o.value.trim()).filter((v) => v.length > 0)
            : [],
      })),
    })),
  };
}
