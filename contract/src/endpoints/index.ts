// The endpoint table: every operation of the API, by area. ADR 026.
import { authEndpoints } from './auth';
import { communitiesEndpoints } from './communities';
import { feedEndpoints } from './feed';
import { filesEndpoints } from './files';
import { notificationsEndpoints } from './notifications';
import { profileEndpoints } from './profile';
import { reportsEndpoints } from './reports';
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
  profileEndpoints,
  reportsEndpoints,
  statsEndpoints,
  surveysEndpoints,
  systemEndpoints,
  usersEndpoints,
};

/** Every operation, keyed by name (names are unique across areas: endpoints.test.ts). */
export const endpoints = {
  ...authEndpoints,
  ...profileEndpoints,
  ...usersEndpoints,
  ...statsEndpoints,
  ...feedEndpoints,
  ...communitiesEndpoints,
  ...surveysEndpoints,
  ...notificationsEndpoints,
  ...reportsEndpoints,
  ...filesEndpoints,
  ...systemEndpoints,
};
