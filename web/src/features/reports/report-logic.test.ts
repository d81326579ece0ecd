import type { PostReportRow, SurveyReport } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  apiSort,
  matchesTitle,
  optionCounts,
  questionsByCategory,
  respondents,
  shortLabel,
  topPosts,
} from './report-logic';

const fallback = { sort: 'lastName', order: 'asc' } as const;

describe('apiSort', () => {
  it('maps antd sort orders to the API', () => {
    expect(apiSort('likes', 'descend', fallback)).toEqual({ sort: 'likes', order: 'desc' });
    expect(apiSort('createdAt', 'ascend', fallback)).toEqual({ sort: 'createdAt', order: 'asc' });
  });
  it('falls back when unsorted or unknown', () => {
    expect(apiSort('likes', null, fallback)).toEqual(fallback);
    expect(apiSort('password', 'ascend', fallback)).toEqual(fallback);
    expect(apiSort(undefined, 'ascend', fallback)).toEqual(fallback);
  });
});

const post = (id: number, likes: number, comments: number): PostReportRow => ({
  id,
  title: `Post ${id}`,
  subtitle: '',
  startAt: '2026-01-01T00:00:00.000Z',
  endAt: null,
  comments,
  likes,
  favourites: 0,
  categoryName: '',
});

describe('topPosts', () => {
  it('orders by likes plus comments and keeps ten', () => {
    const rows = Array.from({ length: 14 }, (_, i) => post(i + 1, i, 1));
    const top = topPosts([...rows, post(99, 0, 0)]);
    expect(top).toHaveLength(10);
    expect(top[0]?.id).toBe(14);
    expect(top.some((p) => p.id === 99)).toBe(false);
  });
});

describe('matchesTitle', () => {
  it('matches case-insensitively and an empty search matches all', () => {
    expect(matchesTitle({ title: 'Hello World' }, 'world')).toBe(true);
    expect(matchesTitle({ title: 'Hello' }, '  ')).toBe(true);
    expect(matchesTitle({ title: 'Hello' }, 'x')).toBe(false);
  });
});

const report: SurveyReport = {
  survey: { id: 1, title: 'S', description: '' },
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
