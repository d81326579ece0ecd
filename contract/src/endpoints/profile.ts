// The caller's own profile (product.md section 7, Users and profile): details, password, avatar and the
// counts of the profile's tabs.
import { z } from 'zod';
import { get, post, ROLES, tagged } from '../endpoint';
import { sessionProfile } from '../schemas/auth';
import { envelope, errorBody, idParam, ok } from '../schemas/common';
import {
  profileImageBody,
  updatePasswordBody,
  updateProfileBody,
  updateProfileResult,
  uploadResult,
  userActions,
} from '../schemas/users';

export const profileEndpoints = tagged('profile', {
  updateProfile: post({
    path: '/v1/api/users/update-profile',
    access: ROLES.known,
    summary:
      'Save the own profile; a new e-mail address needs currentPassword and takes effect only from the link mailed to it',
    body: updateProfileBody,
    // 409: the new address is another account's. 429: re-typing the password is limited like a login.
    responses: { 200: envelope(updateProfileResult), 409: errorBody, 429: errorBody },
  }),
  updatePassword: post({
    path: '/v1/api/users/update-password',
    // Every role, known or not, may change its password (/password-change is in every route table).
    access: 'session',
    summary: 'Change the own password: every other session ends; answers a new session for this browser',
    body: updatePasswordBody,
    // 429: re-typing the password is limited like a login.
    responses: { 200: envelope(sessionProfile), 429: errorBody },
  }),
  uploadProfileImage: post({
    path: '/v1/api/users/profile-image',
    access: ROLES.known,
    body: profileImageBody,
    responses: ok(uploadResult),
  }),
  getProfileImage: get({
    path: '/v1/api/users/profile-image/:id',
    access: ROLES.known,
    params: idParam,
    responses: ok(z.object({ url: z.string().nullable() })),
  }),
  getUserActions: get({
    path: '/v1/api/users/actions',
    access: ROLES.known,
    responses: ok(userActions),
  }),
});
