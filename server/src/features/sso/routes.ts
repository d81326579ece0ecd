// /v1/auth/sso and the password sign-in setting: the handlers of contract/src/endpoints/sso.ts.
import { ssoEndpoints } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { readPasswordSignIn, savePasswordSignIn } from '../auth/password-sign-in';
import { handOff } from './handoff';
import { failed } from './redirect';
import { finishSignIn, startSignIn } from './sign-in';

export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const providerNamed = (key: string) => app.config.oidcProviders.find((p) => p.key === key);
  routes(app, ssoEndpoints, {
    listSsoProviders: async () => ({
      data: {
        providers: app.config.oidcProviders.map(({ key, label }) => ({ key, label })),
        passwordSignIn: await readPasswordSignIn(app.db),
      },
    }),
    startSso: async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      if (!provider) throw notFound();
      return startSignIn(app, reply, provider, request.query.returnTo ?? '/');
    },
    ssoCallback: async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      if (!provider) return failed(reply, 'unknown_provider');
      return finishSignIn(app, request, reply, provider, request.query);
    },
    ssoSession: async (request, reply) => ({
      data: await handOff(app, request, reply, request.body.remember === true),
    }),
    getPasswordSignIn: async () => ({ data: await readPasswordSignIn(app.db) }),
    updatePasswordSignIn: async (request) => ({
      data: await savePasswordSignIn(app.db, request.body, app.config.oidcProviders.length),
    }),
  });
}
