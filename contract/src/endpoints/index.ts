// The endpoint table: every operation of the API, by area. ADR 026.
import { statsEndpoints } from './stats';
import { usersEndpoints } from './users';

export { statsEndpoints, usersEndpoints };

/** Every operation, keyed by name (names are unique across areas). */
export const endpoints = {
  ...statsEndpoints,
  ...usersEndpoints,
};
