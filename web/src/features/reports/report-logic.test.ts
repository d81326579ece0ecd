import { POST_ACTIVITY_SORTS, type SurveyReport, USER_ACTIVITY_SORTS } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  apiSort,
  completedInstances,
  optionCounts,
  questionsByCategory,
  respondents,
  shortLabel,
} from './report-logic';

const fallback = { sort: 'lastName', order: 'asc' } as const;
const postFallback = { sort: 'startAt', order: 'desc' } as const;

describe('apiSort', () => {
  it('maps antd sort orders to the API', () => {
    expect(apiSort('likes', 'descend', fallback, USER_ACTIVITY_SORTS)).toEqual({
      sort: 'likes',
      order: 'desc',
    });
    expect(apiSort('createdAt', 'ascend', fallback, USER_ACTIVITY_SORTS)).toEqual({
      sort: 'createdAt',
      order: 'asc',
    });
    expect(apiSort('title', 'ascend', postFallback, POST_ACTIVITY_SORTS)).toEqual({
      sort: 'title',
      order: 'asc',
    });
  });
  it('falls back when unsorted or unknown', () => {
    expect(apiSort('likes', null, fallback, USER_ACTIVITY_SORTS)).toEqual(fallback);
    expect(apiSort('password', 'ascend', fallback, USER_ACTIVITY_SORTS)).toEqual(fallback);
    expect(apiSort(undefined, 'ascend', fallback, USER_ACTIVITY_SORTS)).toEqual(fallback);
  });
  it('only sorts by the columns of that report', () => {
    expect(apiSort('categoryName', 'ascend', postFallback, POST_ACTIVITY_SORTS)).toEqual(postFallback);
    expect(apiSort('createdAt', 'ascend', postFallback, POST_ACTIVITY_SORTS)).toEqual(postFallback);
  });
});

const report: SurveyReport = {
  survey: { id: 1, title: 'S', description: '', isAnonymous: false },
  splits: null,
  instances: [
    {
      id: 10,
      isComplete: true,
      completedAt: null,
      createdBy: { firstName: 'A', lastName: 'B', email: 'a@x' },
    },
    {
      id: 11,
      isComplete: false,
      completedAt: null,
      createdBy: { firstName: 'C', lastName: 'D', email: 'c@x' },
    },
    {
      id: 12,
      isComplete: true,
      completedAt: null,
      createdBy: { firstName: 'E', lastName: 'F', email: 'e@x' },
    },
  ],
  questions: [
    {
      id: 1,
      title: 'Q1',
      categoryName: 'One',
      questionAnswerType: { name: 'radio' },
      options: ['Yes', 'No'],
      answers: [
        { surveyInstanceId: 10, surveyQuestionId: 1, textAnswer: 'Yes' },
        { surveyInstanceId: 11, surveyQuestionId: 1, textAnswer: 'Yes' },
        { surveyInstanceId: 12, surveyQuestionId: 1, textAnswer: 'Maybe' },
      ],
    },
    {
      id: 2,
      title: 'Q2',
      categoryName: 'Two',
      questionAnswerType: { name: 'string' },
      options: [],
      answers: [],
    },
    {
      id: 3,
      title: 'Q3',
      categoryName: 'One',
      questionAnswerType: { name: 'string' },
      options: [],
      answers: [],
    },
  ],
};

describe('survey report', () => {
  it('counts complete responses per option, others as Other', () => {
    expect(optionCounts(report, report.questions[0] as SurveyReport['questions'][0])).toEqual([
      { option: 'Yes', count: 1 },
      { option: 'No', count: 0 },
      { option: 'Other', count: 1 },
    ]);
  });
  it('lists respondents of complete responses', () => {
    expect(respondents(report).map((r) => r.email)).toEqual(['a@x', 'e@x']);
    // An anonymous survey's responses name no one: they are counted, never listed as respondents.
    const anonymous: SurveyReport = {
      ...report,
      survey: { ...report.survey, isAnonymous: true },
      instances: report.instances.map((i) => ({ ...i, createdBy: null })),
    };
    expect(respondents(anonymous)).toEqual([]);
    expect(completedInstances(anonymous)).toHaveLength(2);
  });
  it('groups questions by category in first-seen order', () => {
    expect(questionsByCategory(report.questions).map(([c, qs]) => [c, qs.map((q) => q.id)])).toEqual([
      ['One', [1, 3]],
      ['Two', [2]],
    ]);
  });
  it('shortens long labels', () => {
    expect(shortLabel('abcdef', 4)).toBe('abc…');
    expect(shortLabel('abc', 4)).toBe('abc');
  });
});
