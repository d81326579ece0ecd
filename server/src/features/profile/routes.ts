// The caller's own profile: the handlers of contract/src/endpoints/profile.ts.
import { MSG, profileEndpoints } from '@hearth/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { me } from '../../platform/auth/guards';
import { notFound } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { issueSession } from '../auth/sessions';
import { loadUser } from '../users/queries';
import { countUserActions } from './actions';
import { decodeBase64Image, toProfileJpeg } from './avatar';
import { changePassword, profileImageUrl, setProfileImage, updateProfile } from './service';

// Room for a base64 image somewhat over 2MB, so the answer is the form's own "Image must smaller than 2MB"
// rather than a generic "request too large".
const AVATAR_BODY_LIMIT = 8 * 1024 * 1024;

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  routes(app, profileEndpoints, {
    updateProfile: async (request) => {
      const { id } = me(request);
      const { pendingEmail, groupsChangeableFrom } = await updateProfile(app, id, request.body);
      const found = await loadUser(app.db, id);
      if (!found) throw notFound();
      const message = pendingEmail ? MSG.emailChangeSent : MSG.profileUpdated;
      return {
        data: {
          ...found,
          pendingEmail,
          message,
          groupsChangeableFrom: groupsChangeableFrom?.toISOString() ?? null,
        },
      };
    },
    updatePassword: async (request) => {
      const sessionUser = await changePassword(app.db, me(request), request.body);
      return { data: await issueSession(app, sessionUser, false) };
    },
    uploadProfileImage: [
      async (request) => {
        const jpeg = await toProfileJpeg(decodeBase64Image(request.body.base64));
        const saved = await setProfileImage(app.db, app.storage, me(request).id, {
          jpeg,
          originalName: request.body.filename,
        });
        return { data: { fileId: saved.fileId, payload: { url: saved.url } } };
      },
      {
        // The guard runs at onRequest, which also spares reading megabytes from strangers.
        bodyLimit: AVATAR_BODY_LIMIT,
        errorHandler(error: FastifyError, _request, reply) {
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
            return reply.status(413).send({ error: MSG.profileImageTooBig, code: 'too_large' });
          }
          throw error;
        },
      },
    ],
    getProfileImage: async (request) => {
      const url = await profileImageUrl(app.db, request.params.id);
      if (url === undefined) throw notFound();
      return { data: { url } };
    },
    getUserActions: async (request) => ({ data: await countUserActions(app.db, me(request).id) }),
  });
}
