// @vitest-environment happy-dom
// /reports/survey-responses (issue 7, ADR 035): every survey with its state, dates and responses, each
// title opening its report, an anonymous one tagged so, and the empty list. It replaces the list checks
// of reports.spec.ts's survey responses journey and of anonymous-survey.spec.ts's report journey; the counts
// are server/src/features/reports/survey-report.test.ts's, the anonymous flag
// anonymous-survey-report.test.ts's.
import { reportsEndpoints, STATE, type SurveyReportListRow, systemEndpoints } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { columnHeaders } from '../../test/fields';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import SurveyResponsesReportPage from './survey-responses-page';

function listed(id: number, patch: Partial<SurveyReportListRow> = {}): SurveyReportListRow {
  return {
    id,
    title: `Survey ${id}`,
    stateId: STATE.PUBLISHED,
    startAt: '2026-03-02 08:00:00',
    endAt: '2026-03-09 08:00:00',
    responses: 0,
    isAnonymous: false,
    ...patch,
  };
}

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(
      reportsEndpoints.listSurveyReports,
      ok([
        listed(4, { title: 'Canteen feedback', responses: 3 }),
        listed(5, { title: 'Team pulse', isAnonymous: true, responses: 1 }),
        listed(6, { title: 'Year-end function ideas', stateId: STATE.DRAFT }),
      ]),
    );
});

const open = () => renderPage(<SurveyResponsesReportPage />, { at: '/reports/survey-responses' });
const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(`^${title}`) });

describe('the survey responses list', () => {
  it('lists each survey with its state, dates and responses; an anonymous one is tagged', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey Responses' })).toBeVisible();
    await screen.findByRole('link', { name: 'Canteen feedback' });
    expect(columnHeaders()).toEqual(['Title', 'State', 'Start', 'End', 'Responses']);
    const canteen = within(rowOf('Canteen feedback'));
    expect(canteen.getByText('Published')).toBeVisible();
    expect(canteen.getByRole('cell', { name: '3' })).toBeVisible();
    expect(canteen.queryByText('Anonymous')).not.toBeInTheDocument();
    expect(within(rowOf('Team pulse')).getByText('Anonymous')).toBeVisible();
    expect(within(rowOf('Year-end function ideas')).getByText('Draft')).toBeVisible();
    expect(api.unanswered).toEqual([]);
  });

  it('opens a survey’s report from its title', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('link', { name: 'Team pulse' }));
    expect(await landedAt()).toBe('/reports/survey-responses/5');
  });

  it('says when there is no survey', async () => {
    api.on(reportsEndpoints.listSurveyReports, ok([]));
    open();
    expect(await screen.findByText('There are no surveys to display')).toBeVisible();
  });
});
