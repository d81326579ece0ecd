// @vitest-environment happy-dom
// The feed post form (product.md sections 4 and 5, issue 18): an empty submit names each missing field,
// the must-read due date must come after the start, what a valid form sends, and the server's refusal.
import { feedEndpoints, MSG, PATHS, STATE, usersEndpoints } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, never, ok } from '../../test/fetch-mock';
import { chooseOption, expectFieldErrors, fill } from '../../test/fields';
import { feedPost, GROUPS } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import PostFormPage from './post-form-page';

const CATEGORIES = [
  { id: 1, name: 'Company News' },
  { id: 2, name: 'Events' },
];

let api: ApiMock;
beforeEach(() => {
  signIn('editor');
  api = mockApi()
    .on(feedEndpoints.listFeedPostCategories, ok(CATEGORIES))
    .on(usersEndpoints.listGroups, ok(GROUPS));
});

const openCreate = () => renderPage(<PostFormPage />, { at: '/post/create' });

/** Types a date into an antd date picker as `DD-MM-YYYY HH:mm` and leaves the field. */
async function typeDate(user: ReturnType<typeof openCreate>['user'], label: string, text: string) {
  const input = screen.getByLabelText(label);
  await fill(user, input, text);
  await user.keyboard('{Enter}');
  await user.click(document.body);
}

/** The date picker's text (DD-MM-YYYY HH:mm) for an instant, in this machine's time zone. */
function pickerText(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}-${two(d.getMonth() + 1)}-${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

describe('feed post form', () => {
  it('names every missing field on an empty submit and sends nothing', async () => {
    const { user } = openCreate();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    for (const message of [MSG.postTitleRequired, MSG.postSubtitleRequired, MSG.categoryRequired]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(api.sent(feedEndpoints.createFeedPost)).toHaveLength(0);
  });

  it('counts a title of blanks as missing', async () => {
    const { user } = openCreate();
    await fill(user, screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldErrors('Title', [MSG.postTitleRequired]);
  });

  it('asks for a must-read due date after the start', async () => {
    const { user } = openCreate();
    await user.click(screen.getByRole('checkbox', { name: 'Requires acknowledgement' }));
    await typeDate(user, 'Start date', '10-03-2026 09:00');
    await typeDate(user, 'Acknowledge by', '09-03-2026 09:00');
    await expectFieldErrors('Acknowledge by', [MSG.ackDueBeforeStart]);
    await typeDate(user, 'Acknowledge by', '11-03-2026 09:00');
    await expectFieldErrors('Acknowledge by', []);
  });

  it('keeps the due date off until the post requires acknowledgement', async () => {
    const { user } = openCreate();
    expect(screen.getByLabelText('Acknowledge by')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Requires acknowledgement' }));
    await waitFor(() => expect(screen.getByLabelText('Acknowledge by')).toBeEnabled());
  });

  it('asks for an end after the start', async () => {
    const { user } = openCreate();
    await typeDate(user, 'Start date', '10-03-2026 09:00');
    await typeDate(user, 'End date', '10-03-2026 08:00');
    await expectFieldErrors('End date', [MSG.endBeforeStart]);
  });

  it('sends the post, says it was created and goes to the post list', async () => {
    api.on(feedEndpoints.createFeedPost, ok(feedPost(), 201));
    const { user } = openCreate();
    await fill(user, screen.getByLabelText('Title'), ' Canteen reopens ');
    await fill(user, screen.getByLabelText('Subtitle'), 'New menu');
    await chooseOption(user, 'Categories', 'Company News');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await typeDate(user, 'Start date', '10-03-2026 09:00');
    await typeDate(user, 'End date', '10-04-2026 09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.postCreated)).toBeVisible();
    expect(await landedAt()).toBe(PATHS.adminFeedPostList);
    const body = api.sent(feedEndpoints.createFeedPost)[0]?.body;
    expect(body).toMatchObject({
      title: 'Canteen reopens',
      subtitle: 'New menu',
      feedCategories: [1],
      groups: [],
      stateId: STATE.PUBLISHED,
      isCommentable: 1,
      isFeatured: 0,
      requiresAck: 0,
      ackDueAt: null,
      files: [],
    });
    // The dates go as the API's UTC text, the end a month after the start.
    const { startAt, endAt } = body as { startAt: string; endAt: string };
    expect(startAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(Date.parse(`${endAt}Z`) - Date.parse(`${startAt}Z`)).toBe(31 * 24 * 3_600_000);
  });

  it('sends a must-read post for the chosen location and department with its due date', async () => {
    api.on(feedEndpoints.createFeedPost, ok(feedPost({ requiresAck: true }), 201));
    const { user } = openCreate();
    await fill(user, screen.getByLabelText('Title'), 'Fire drill rules');
    await fill(user, screen.getByLabelText('Subtitle'), 'Read before Friday');
    await chooseOption(user, 'Categories', 'Company News');
    await chooseOption(user, 'Location', 'Durban');
    await chooseOption(user, 'Department', 'People');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await typeDate(user, 'Start date', '10-03-2026 09:00');
    await typeDate(user, 'End date', '10-04-2026 09:00');
    await user.click(screen.getByRole('checkbox', { name: 'Requires acknowledgement' }));
    await typeDate(user, 'Acknowledge by', '17-03-2026 17:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await landedAt()).toBe(PATHS.adminFeedPostList);
    const body = api.sent(feedEndpoints.createFeedPost)[0]?.body as {
      groups: number[];
      requiresAck: number;
      startAt: string;
      ackDueAt: string;
    };
    expect(body.groups.sort()).toEqual([12, 22]);
    expect(body.requiresAck).toBe(1);
    // Due a week and eight hours after the start, in the API's UTC text.
    expect(body.ackDueAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(Date.parse(`${body.ackDueAt}Z`) - Date.parse(`${body.startAt}Z`)).toBe((7 * 24 + 8) * 3_600_000);
  });

  it('puts the server’s field message on its field and stays editable', async () => {
    api.on(
      feedEndpoints.createFeedPost,
      fail(400, MSG.invalidInput, { fields: { subtitle: 'Subtitle is not acceptable' } }),
    );
    const { user } = openCreate();
    await fill(user, screen.getByLabelText('Title'), 'Canteen reopens');
    await fill(user, screen.getByLabelText('Subtitle'), 'New menu');
    await chooseOption(user, 'Categories', 'Events');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldErrors('Subtitle', ['Subtitle is not acceptable']);
    expect(screen.getByText(MSG.invalidInput)).toBeVisible();
    expect(screen.getByLabelText('Title')).toBeEnabled();
  });

  it('shows a skeleton while the post to edit loads, no form', async () => {
    api.on(feedEndpoints.getFeedPost, never);
    const { container } = renderPage(<PostFormPage />, { at: '/post/edit/41', path: '/post/edit/:postId' });
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeVisible();
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('shows why the post to edit could not be loaded, and loads it again on request', async () => {
    api.on(feedEndpoints.getFeedPost, fail(404, MSG.notFound, { requestId: 'req-42' }));
    const { user } = renderPage(<PostFormPage />, { at: '/post/edit/41', path: '/post/edit/:postId' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this page');
    expect(alert).toHaveTextContent(MSG.notFound);
    expect(alert).toHaveTextContent('req-42');
    api.on(feedEndpoints.getFeedPost, ok(feedPost({ title: 'Found again' })));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('Found again');
  });

  it('fills the form with the post to edit, its dates in local time as the server stored them', async () => {
    api.on(
      feedEndpoints.getFeedPost,
      ok(
        feedPost({
          title: 'Canteen reopens',
          requiresAck: true,
          // As the server answers them (presenter.ts): ISO 8601 in UTC.
          startAt: '2026-03-10T07:00:00.000Z',
          ackDueAt: '2026-03-17T15:00:00.000Z',
        }),
      ),
    );
    renderPage(<PostFormPage />, { at: '/post/edit/41', path: '/post/edit/:postId' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Canteen reopens');
    expect(screen.getByRole('checkbox', { name: 'Requires acknowledgement' })).toBeChecked();
    expect(screen.getByLabelText('Start date')).toHaveValue(pickerText('2026-03-10T07:00:00Z'));
    expect(screen.getByLabelText('Acknowledge by')).toHaveValue(pickerText('2026-03-17T15:00:00Z'));
    expect(api.sent(feedEndpoints.getFeedPost)[0]?.params).toEqual({ id: '41' });
  });
});
