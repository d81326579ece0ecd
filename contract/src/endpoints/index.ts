// The endpoint table: every operation of the API, by area. ADR 026.
import { authEndpoints } from './auth';
import { communitiesEndpoints } from './communities';
import { feedEndpoints } from './feed';
import { filesEndpoints } from './files';
import { notificationsEndpoints } from './notifications';
import { peopleEndpoints } from './people';
import { profileEndpoints } from './profile';
import { reachEndpoints } from './reach';
import { reportsEndpoints } from './reports';
import { searchEndpoints } from './search';
import { ssoEndpoints } from './sso';
import { statsEndpoints } from './stats';
import { surveysEndpoints } from './surveys';
import { systemEndpoints } from './system';
import { usersEndpoints } from './users';

export {
  authEndpoints,
  communitiesEndpoints,
  feedEndpoints,
  filesEndpoints,
  notificationsEndpoints,
  peopleEndpoints,
  profileEndpoints,
  reachEndpoints,
  reportsEndpoints,
  searchEndpoints,
  ssoEndpoints,
  statsEndpoints,
  surveysEndpoints,
  systemEndpoints,
  usersEndpoints,
};

/** Every operation, keyed by name (names are unique across areas: endpoints.test.ts). */
export const endpoints = {
  ...authEndpoints,
  ...ssoEndpoints,
  ...profileEndpoints,
  ...usersEndpoints,
  ...peopleEndpoints,
  ...statsEndpoints,
  ...feedEndpoints,
  ...communitiesEndpoints,
  ...surveysEndpoints,
  ...notificationsEndpoints,
  ...reachEndpoints,
  ...reportsEndpoints,
  ...searchEndpoints,
  ...filesEndpoints,
  ...systemEndpoints,
};
