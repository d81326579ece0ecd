import { buildSurveyBody, MSG, type SurveyForm } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  addCategory,
  addOption,
  addQuestion,
  categoriesWithIssues,
  type DraftCategory,
  fromForm,
  issueFor,
  moveCategory,
  moveQuestion,
  newCategory,
  nextCategoryName,
  removeCategory,
  removeOption,
  removeQuestion,
  renameCategory,
  toBuildBody,
  updateOption,
  updateQuestion,
  validateBuilder,
} from './builder-logic';

const names = (cats: DraftCategory[]) => cats.map((c) => c.name);

function sample(): DraftCategory[] {
  let cats = fromForm(undefined);
  cats = addQuestion(cats, 0);
  cats = updateQuestion(cats, 0, 0, { title: 'Your name' });
  cats = addQuestion(cats, 0, 'options_question');
  cats = updateQuestion(cats, 0, 1, { title: 'Favourite colour', required: false });
  cats = updateOption(cats, 0, 1, 0, 'Red');
  cats = addOption(cats, 0, 1);
  cats = updateOption(cats, 0, 1, 1, ' Blue ');
  return cats;
}

describe('categories', () => {
  it('starts a new survey with one category named Category 1', () => {
    expect(names(fromForm(undefined))).toEqual(['Category 1']);
    expect(names(fromForm({ categories: [] }))).toEqual(['Category 1']);
  });

  it('adds Category N, skipping names already in use', () => {
    let cats = addCategory(fromForm(undefined));
    expect(names(cats)).toEqual(['Category 1', 'Category 2']);
    cats = renameCategory(cats, 0, 'Category 3');
    expect(nextCategoryName(cats)).toBe('Category 4');
    expect(names(addCategory(cats))).toEqual(['Category 3', 'Category 2', 'Category 4']);
  });

  it('renames, moves and removes, but never the last category', () => {
    let cats = addCategory(addCategory(fromForm(undefined)));
    cats = renameCategory(cats, 1, 'About you');
    expect(names(cats)).toEqual(['Category 1', 'About you', 'Category 3']);
    expect(names(moveCategory(cats, 1, -1))).toEqual(['About you', 'Category 1', 'Category 3']);
    expect(names(moveCategory(cats, 1, 1))).toEqual(['Category 1', 'Category 3', 'About you']);
    expect(names(moveCategory(cats, 0, -1))).toEqual(names(cats));
    expect(names(moveCategory(cats, 2, 1))).toEqual(names(cats));
    cats = removeCategory(cats, 1);
    expect(names(cats)).toEqual(['Category 1', 'Category 3']);
    cats = removeCategory(removeCategory(cats, 0), 0);
    expect(names(cats)).toEqual(['Category 3']);
  });

  it('keeps stable keys when moving', () => {
    const cats = [newCategory('A'), newCategory('B')];
    const moved = moveCategory(cats, 0, 1);
    expect(moved.map((c) => c.key)).toEqual([cats[1]?.key, cats[0]?.key]);
  });
});

describe('questions and options', () => {
  it('adds text questions required with the first answer type, option questions with one option', () => {
    const cats = addQuestion(addQuestion(fromForm(undefined), 0), 0, 'options_question');
    const [text, choice] = cats[0]?.questions ?? [];
    expect(text).toMatchObject({ kind: 'text_input', answerType: 'string', required: true, options: [] });
    expect(choice).toMatchObject({ kind: 'options_question', answerType: 'radio' });
    expect(choice?.options).toHaveLength(1);
  });

  it('switches the answer type with the kind and keeps one fitting', () => {
    let cats = addQuestion(fromForm(undefined), 0);
    cats = updateQuestion(cats, 0, 0, { answerType: 'date' });
    expect(cats[0]?.questions[0]?.answerType).toBe('date');
    cats = updateQuestion(cats, 0, 0, { kind: 'options_question' });
    expect(cats[0]?.questions[0]).toMatchObject({ kind: 'options_question', answerType: 'radio' });
    expect(cats[0]?.questions[0]?.options).toHaveLength(1);
    cats = updateQuestion(cats, 0, 0, { answerType: 'select' });
    expect(cats[0]?.questions[0]?.answerType).toBe('select');
    cats = updateQuestion(cats, 0, 0, { answerType: 'number' });
    expect(cats[0]?.questions[0]?.answerType).toBe('radio');
  });

  it('removes and moves questions and options', () => {
    let cats = sample();
    cats = moveQuestion(cats, 0, 0, 1);
    expect(cats[0]?.questions.map((q) => q.title)).toEqual(['Favourite colour', 'Your name']);
    cats = removeOption(cats, 0, 0, 0);
    expect(cats[0]?.questions[0]?.options.map((o) => o.value)).toEqual([' Blue ']);
    cats = removeQuestion(cats, 0, 1);
    expect(cats[0]?.questions.map((q) => q.title)).toEqual(['Favourite colour']);
  });
});

describe('validation', () => {
  it('accepts a complete builder', () => {
    expect(validateBuilder(sample())).toEqual([]);
  });

  it('needs a category name, question titles and a non-empty option', () => {
    let cats = addCategory(sample());
    cats = renameCategory(cats, 1, '  ');
    cats = addQuestion(cats, 1, 'options_question');
    cats = updateOption(cats, 1, 0, 0, '   ');
    const issues = validateBuilder(cats);
    expect(issues).toEqual([
      { categoryIndex: 1, field: 'name', message: MSG.categoryNameRequired },
      { categoryIndex: 1, questionIndex: 0, field: 'title', message: MSG.questionTitleRequired },
      { categoryIndex: 1, questionIndex: 0, field: 'options', message: MSG.optionRequired },
    ]);
    expect(issueFor(issues, 1, 'options', 0)).toBe(MSG.optionRequired);
    expect(issueFor(issues, 1, 'name')).toBe(MSG.categoryNameRequired);
    expect(issueFor(issues, 0, 'title', 0)).toBeUndefined();
    expect([...categoriesWithIssues(issues)]).toEqual([1]);
  });

  it('flags an option question whose options were all removed', () => {
    const cats = removeOption(sample(), 0, 1, 1);
    expect(validateBuilder(removeOption(cats, 0, 1, 0))).toEqual([
      { categoryIndex: 0, questionIndex: 1, field: 'options', message: MSG.optionRequired },
    ]);
  });
});

describe('the build-survey body', () => {
  it('maps required to optional 0, trims text and drops empty options', () => {
    let cats = addOption(sample(), 0, 1);
    cats = renameCategory(cats, 0, ' Intro ');
    const body = toBuildBody(7, cats);
    expect(body).toEqual({
      surveyId: 7,
      categories: [
        {
          name: 'Intro',
          questions: [
            { title: 'Your name', kind: 'text_input', answerType: 'string', optional: 0, options: [] },
            {
              title: 'Favourite colour',
              kind: 'options_question',
              answerType: 'radio',
              optional: 1,
              options: ['Red', 'Blue'],
            },
          ],
        },
      ],
    });
    expect(buildSurveyBody.safeParse(body).success).toBe(true);
  });
});

describe('a stored form', () => {
  it('loads categories, questions and options in position order', () => {
    const form: SurveyForm = {
      id: 3,
      title: 'T',
      description: 'D',
      isRefillable: 0,
      isAnonymous: 0,
      minGroupSize: null,
      hasResponses: false,
      answered: false,
      categories: [
        { id: 2, name: 'Second', position: 2, questions: [] },
        {
          id: 1,
          name: 'First',
          position: 1,
          questions: [
            {
              id: 11,
              title: 'Pick',
              optional: 1,
              position: 2,
              kind: 'options_question',
              questionAnswerType: { name: 'select' },
              options: [
                { id: 2, value: 'B', position: 2 },
                { id: 1, value: 'A', position: 1 },
              ],
            },
            {
              id: 10,
              title: 'Age',
              optional: 0,
              position: 1,
              kind: 'text_input',
              questionAnswerType: { name: 'number' },
              options: [],
            },
          ],
        },
      ],
    };
    const cats = fromForm(form);
    expect(names(cats)).toEqual(['First', 'Second']);
    expect(cats[0]?.questions).toMatchObject([
      { title: 'Age', kind: 'text_input', answerType: 'number', required: true, options: [] },
      { title: 'Pick', kind: 'options_question', answerType: 'select', required: false },
    ]);
    expect(cats[0]?.questions[1]?.options.map((o) => o.value)).toEqual(['A', 'B']);
    expect(validateBuilder(cats)).toEqual([]);
  });
});
