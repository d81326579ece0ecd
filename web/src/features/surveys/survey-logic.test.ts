import { type AnswerType, MSG, type SurveyCategory, type SurveyQuestion } from '@hearth/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { parseSurveyId } from './route-params';
import {
  answerRules,
  answerText,
  buildAnswers,
  firstIncompleteStep,
  isLastStep,
  opensAsComplete,
  parseStateFlag,
  stateFlagOf,
  stepPercent,
  surveyFillLink,
  surveySteps,
} from './survey-logic';

function question(id: number, name: AnswerType, over: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    id,
    title: `Question ${id}`,
    optional: 0,
    position: id,
    kind: name === 'radio' || name === 'select' ? 'options_question' : 'text_input',
    questionAnswerType: { name },
    options: [],
    ...over,
  };
}

function category(id: number, position: number, questions: SurveyQuestion[]): SurveyCategory {
  return { id, name: `Category ${id}`, position, questions };
}

describe('state flag', () => {
  it('accepts 0 and 1 as numbers or text, nothing else', () => {
    expect(parseStateFlag(0)).toBe(0);
    expect(parseStateFlag('1')).toBe(1);
    expect(parseStateFlag('2')).toBeNull();
    expect(parseStateFlag('')).toBeNull();
    expect(parseStateFlag(null)).toBeNull();
    expect(parseStateFlag(undefined)).toBeNull();
    expect(parseStateFlag(' 1')).toBeNull();
  });

  it('prefers router state over the query, and falls back to the query after a reload', () => {
    expect(stateFlagOf({ surveyState: 1 }, '0')).toBe(1);
    expect(stateFlagOf(null, '0')).toBe(0);
    expect(stateFlagOf({ other: 1 }, '1')).toBe(1);
    expect(stateFlagOf({ surveyState: 'x' }, null)).toBeNull();
    expect(stateFlagOf(undefined, null)).toBeNull();
  });

  it('puts the flag in the link', () => {
    expect(surveyFillLink(7, 0)).toBe('/surveys/7?state=0');
    expect(surveyFillLink(7, 1)).toBe('/surveys/7?state=1');
    expect(surveyFillLink(7, 5)).toBe('/surveys/7');
  });

  it('opens a non-refillable survey as complete only once answered', () => {
    expect(opensAsComplete(0, true)).toBe(true);
    expect(opensAsComplete(0, false)).toBe(false);
    expect(opensAsComplete(1, true)).toBe(false);
  });
});

describe('survey id', () => {
  it('takes positive whole numbers only', () => {
    expect(parseSurveyId('12')).toBe(12);
    expect(parseSurveyId('0')).toBe(0);
    expect(parseSurveyId('-3')).toBe(0);
    expect(parseSurveyId('1e3')).toBe(0);
    expect(parseSurveyId('abc')).toBe(0);
    expect(parseSurveyId(undefined)).toBe(0);
  });
});

describe('steps', () => {
  const form = {
    categories: [
      category(2, 2, [question(5, 'string', { position: 2 }), question(4, 'number', { position: 1 })]),
      category(3, 3, []),
      category(1, 1, [
        question(1, 'radio', {
          options: [
            { id: 9, value: 'B', position: 2 },
            { id: 8, value: 'A', position: 1 },
          ],
        }),
      ]),
    ],
  };

  it('orders categories, questions and options by position and skips empty categories', () => {
    const steps = surveySteps(form);
    expect(steps.map((s) => s.id)).toEqual([1, 2]);
    expect(steps[1]?.questions.map((q) => q.id)).toEqual([4, 5]);
    expect(steps[0]?.questions[0]?.options.map((o) => o.value)).toEqual(['A', 'B']);
    // The form it came from is left as it was.
    expect(form.categories[0]?.questions[0]?.id).toBe(5);
  });

  it('knows the last step and the progress', () => {
    expect(isLastStep(0, 3)).toBe(false);
    expect(isLastStep(2, 3)).toBe(true);
    expect(isLastStep(0, 1)).toBe(true);
    expect(isLastStep(0, 0)).toBe(true);
    expect(stepPercent(0, 4)).toBe(25);
    expect(stepPercent(3, 4)).toBe(100);
    expect(stepPercent(0, 3)).toBe(33);
    expect(stepPercent(0, 0)).toBe(0);
  });
});

describe('answers', () => {
  it('turns every answer type into text', () => {
    expect(answerText('string', '  hello ')).toBe('hello');
    expect(answerText('textArea', 'line 1\nline 2')).toBe('line 1\nline 2');
    expect(answerText('number', 0)).toBe('0');
    expect(answerText('number', 2.5)).toBe('2.5');
    expect(answerText('number', Number.NaN)).toBe('');
    expect(answerText('date', dayjs('2026-03-04T10:00:00'))).toBe('2026-03-04');
    expect(answerText('date', dayjs('not a date'))).toBe('');
    expect(answerText('radio', 'Yes')).toBe('Yes');
    expect(answerText('select', 'Blue')).toBe('Blue');
    expect(answerText('string', undefined)).toBe('');
    expect(answerText('string', null)).toBe('');
    expect(answerText('string', { a: 1 })).toBe('');
  });

  const steps = [
    category(1, 1, [question(1, 'string'), question(2, 'date', { optional: 1 })]),
    category(2, 2, [question(3, 'number'), question(4, 'select', { optional: 1 })]),
  ];

  it('builds the payload in step order and leaves empty optional answers out', () => {
    const answers = buildAnswers(steps, { '3': 7, '1': ' Me ', '2': null, '4': '' });
    expect(answers).toEqual([
      { surveyQuestionId: 1, textAnswer: 'Me' },
      { surveyQuestionId: 3, textAnswer: '7' },
    ]);
    expect(buildAnswers(steps, undefined)).toEqual([]);
  });

  it('finds the first step with a required question unanswered', () => {
    expect(firstIncompleteStep(steps, {})).toBe(0);
    expect(firstIncompleteStep(steps, { '1': 'x' })).toBe(1);
    expect(firstIncompleteStep(steps, { '1': 'x', '3': 0 })).toBe(-1);
    expect(firstIncompleteStep(steps, { '1': '   ', '3': 0 })).toBe(0);
  });
});

describe('rules', () => {
  it('requires non-optional questions with the answer message', () => {
    expect(answerRules(question(1, 'radio', { optional: 1 }))).toEqual([]);
    expect(answerRules(question(1, 'string'))).toEqual([
      { required: true, whitespace: true, message: MSG.answerRequired },
    ]);
    expect(answerRules(question(1, 'textArea'))[0]?.whitespace).toBe(true);
  });

  it('never asks a number, date or option answer to be a string', () => {
    for (const type of ['number', 'date', 'radio', 'select'] as const) {
      const [rule] = answerRules(question(1, type));
      expect(rule).toEqual({ required: true, message: MSG.answerRequired });
      expect(rule && 'whitespace' in rule).toBe(false);
    }
  });
});
