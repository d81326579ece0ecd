// @vitest-environment happy-dom
// The community form (/community/create, product.md sections 2, 4 and 5): an empty submit names each
// missing field and sends nothing; a private community gets its Members field, its managers and members are
// found by the colleague search, and what it sends, the toast and the way back to the list; the server's
// field message lands on its field. These replace the form checks of the journey "an administrator creates
// a public and a private community, each with a manager" (communities.spec.ts), which keeps one public
// community created through this form with a real image upload; what the server stores and refuses is
// communities.test.ts's "POST /v1/api/communities".
import {
  communitiesEndpoints,
  MSG,
  PATHS,
  STATE,
  systemEndpoints,
  usersEndpoints,
  VISIBILITY,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiMock, fail, mockApi, ok } from '../../test/fetch-mock';
import { expectFieldErrors, fill } from '../../test/fields';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { landedAt, renderPage, signIn } from '../../test/render';
import CommunityFormPage from './community-form-page';
import { communityDetail, EDDIE, SAM } from './test-support';

const openCreate = () => renderPage(<CommunityFormPage />, { at: '/community/create' });

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    // The colleague search: the active users whose name starts with what was typed.
    .on(usersEndpoints.listUsers, ({ query }) =>
      ok([EDDIE, SAM].filter((u) => u.firstName.startsWith(query.startString ?? ''))),
    );
});

/** Types `search` into the user picker labelled `label` and picks `name` from what the search found. */
async function pickUser(user: UserEvent, label: string, search: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.paste(search);
  const dropdown = await waitFor(() => {
    const open = document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (!(open instanceof HTMLElement)) throw new Error(`The list of ${label} did not open`);
    return open;
  });
  await user.click(await within(dropdown).findByTitle(name));
  await user.keyboard('{Escape}');
}

describe('community form', () => {
  it('names every missing field on an empty submit and sends nothing', async () => {
    const { user } = openCreate();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await expectFieldErrors('Title', [MSG.communityTitleRequired]);
    await expectFieldErrors('Description', [MSG.communityDescriptionRequired]);
    await expectFieldErrors('Managers', [MSG.managerRequired]);
    expect(api.sent(communitiesEndpoints.createCommunity)).toHaveLength(0);
  });

  it('creates a private community with the manager and member found by name, and returns to the list', async () => {
    api.on(
      communitiesEndpoints.createCommunity,
      ok(communityDetail({ title: 'Board', visibilityId: VISIBILITY.PRIVATE }), 201),
    );
    const { user } = openCreate();
    await fill(user, await screen.findByRole('textbox', { name: 'Title' }), ' Board ');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'All about Board.');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    // Only a private community has members chosen here.
    expect(screen.queryByRole('combobox', { name: 'Members' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await pickUser(user, 'Managers', 'Edd', 'Eddie Editor');
    await pickUser(user, 'Members', 'Sa', 'Sam Staff');
    expect(api.sent(usersEndpoints.listUsers).map((r) => r.query)).toContainEqual({
      fields: 'id,firstName,lastName',
      startString: 'Edd',
      isActive: '1',
    });
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(MSG.communityCreated)).toBeVisible();
    expect(await landedAt()).toBe(PATHS.adminCommunitiesList);
    expect(api.sent(communitiesEndpoints.createCommunity).map((r) => r.body)).toEqual([
      {
        title: 'Board',
        description: 'All about Board.',
        visibilityId: VISIBILITY.PRIVATE,
        stateId: STATE.PUBLISHED,
        image: null,
        managers: [EDDIE.id],
        users: [SAM.id],
      },
    ]);
  });

  it('puts the server’s field message on its field and stays editable', async () => {
    api.on(
      communitiesEndpoints.createCommunity,
      fail(400, MSG.invalidInput, { fields: { managers: MSG.managerUnknown } }),
    );
    const { user } = openCreate();
    await fill(user, await screen.findByRole('textbox', { name: 'Title' }), 'Gardeners');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'All about Gardeners.');
    await pickUser(user, 'Managers', 'Edd', 'Eddie Editor');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await expectFieldErrors('Managers', [MSG.managerUnknown]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeEnabled();
    expect(api.sent(communitiesEndpoints.createCommunity)[0]?.body).toMatchObject({
      visibilityId: VISIBILITY.PUBLIC,
      stateId: STATE.DRAFT,
      managers: [EDDIE.id],
      users: [],
    });
  });
});
