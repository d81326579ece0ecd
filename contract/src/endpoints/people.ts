// The people directory, colleague profiles and the setting of which profile fields colleagues see
// (issue 17, People; ADR 032). Deactivated people are not found by colleagues; administrators and the
// person themself see every field.
import { get, put, ROLES, tagged } from '../endpoint';
import { idParam, ok } from '../schemas/common';
import { peoplePage, peopleQuery, personProfile, profileFieldsSetting } from '../schemas/people';

export const peopleEndpoints = tagged('people', {
  listPeople: get({
    path: '/v1/api/people',
    access: ROLES.known,
    summary:
      'Active colleagues by last name, first name: search, location and department filters, keyset pages',
    query: peopleQuery,
    responses: ok(peoplePage),
  }),
  getPerson: get({
    path: '/v1/api/people/:id',
    access: ROLES.known,
    summary:
      'A colleague: the fields the setting shows, public communities, recent posts and comments the caller may see',
    params: idParam,
    responses: ok(personProfile),
  }),
  getProfileFields: get({
    path: '/v1/api/settings/profile-fields',
    access: ROLES.admins,
    responses: ok(profileFieldsSetting),
  }),
  updateProfileFields: put({
    path: '/v1/api/settings/profile-fields',
    access: ROLES.admins,
    body: profileFieldsSetting,
    responses: ok(profileFieldsSetting),
  }),
});
