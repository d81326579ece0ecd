// /v1/api/users/...: the caller's own profile, password, avatar and action counts.
// Guards run at onRequest: who may call is settled before the body is looked at (401/403 before 400).
import {
  envelope,
  errorBody,
  idParam,
  MSG,
  profileImageBody,
  sessionProfile,
  updatePasswordBody,
  updateProfileBody,
  updateProfileResult,
  uploadResult,
  userActions,
} from '@hearth/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, authenticate, me } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { issueSession } from '../auth/sessions';
import { loadUser } from '../users/presenter';
import { countUserActions } from './actions';
import { decodeBase64Image, toProfileJpeg } from './avatar';
import { changePassword, profileImageUrl, setProfileImage, updateProfile } from './service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  // Re-typing the password (e-mail change, password change) is limited like a login (login-throttle.ts).
  429: errorBody,
};
const tags = ['profile'];
// Room for a base64 image somewhat over 2MB, so the answer is the form's own "Image must smaller than 2MB"
// rather than a generic "request too large".
const AVATAR_BODY_LIMIT = 8 * 1024 * 1024;

export async function profileRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/update-profile',
    {
      schema: {
        tags,
        summary:
          'Save the own profile; a new e-mail address needs currentPassword and takes effect only from the link mailed to it',
        body: updateProfileBody,
        response: { 200: envelope(updateProfileResult), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const { id } = me(request);
      const { pendingEmail } = await updateProfile(app, id, request.body);
      const found = await loadUser(app.db, id);
      if (!found) throw notFound();
      const message = pendingEmail ? MSG.emailChangeSent : MSG.profileUpdated;
      return { data: { ...found, pendingEmail, message } };
    },
  );

  app.post(
    '/users/update-password',
    {
      schema: {
        tags,
        summary: 'Change the own password: every other session ends; answers a new session for this browser',
        body: updatePasswordBody,
        response: { 200: envelope(sessionProfile), ...errors },
      },
      // Every role, known or not, may change its password (/password-change is in every route table).
      onRequest: authenticate,
    },
    async (request) => {
      const sessionUser = await changePassword(app.db, me(request).id, request.body);
      return { data: await issueSession(app, sessionUser, false) };
    },
  );

  app.post(
    '/users/profile-image',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      // At onRequest like every guard here, which also spares reading megabytes from strangers.
      onRequest: anyKnownRole(),
      schema: { tags, body: profileImageBody, response: { 200: envelope(uploadResult), ...errors } },
      errorHandler(error: FastifyError, _request, reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.status(413).send({ error: MSG.profileImageTooBig, code: 'too_large' });
        }
        throw error;
      },
    },
    async (request) => {
      const jpeg = await toProfileJpeg(decodeBase64Image(request.body.base64));
      const saved = await setProfileImage(app.db, app.storage, me(request).id, {
        jpeg,
        originalName: request.body.filename,
      });
      return { data: { fileId: saved.fileId, payload: { url: saved.url } } };
    },
  );

  app.get(
    '/users/profile-image/:id',
    {
      schema: {
        tags,
        params: idParam,
        response: { 200: envelope(z.object({ url: z.string().nullable() })), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const url = await profileImageUrl(app.db, request.params.id);
      if (url === undefined) throw notFound();
      return { data: { url } };
    },
  );

  app.get(
    '/users/actions',
    { schema: { tags, response: { 200: envelope(userActions), ...errors } }, onRequest: anyKnownRole() },
    async (request) => ({ data: await countUserActions(app.db, me(request).id) }),
  );
}
