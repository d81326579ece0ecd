// A real OpenID provider (the `oidc-provider` package) in the test process, for the sign-in tests and the
// browser journey: accounts whose claims a test sets, a client with PKCE required, its development login
// form (any password), consent granted in advance, and a switch that spoils the next id tokens (a wrong
// signature, or validly signed but expired) the way a forged or stale answer would look.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export type TestClaims = Record<string, unknown>;
export type Tamper = 'none' | 'signature' | 'expired';

export type TestProvider = {
  issuer: string;
  /** Claims by account id (the `sub`); the login form's "login" field names the account. */
  accounts: Map<string, TestClaims>;
  /** What happens to the id tokens the token endpoint answers from now on. */
  tamper(mode: Tamper): void;
  close(): Promise<void>;
};

const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'picture', 'office', 'department', 'groups'],
};

export async function startTestProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** A fixed port (the browser journey's server is configured before it starts); else any free one. */
  port?: number;
}): Promise<TestProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((done) => server.listen(client.port ?? 0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signing: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const forger = (await generateKeyPair('RS256', { extractable: true })).privateKey;
  const accounts = new Map<string, TestClaims>();
  let mode: Tamper = 'none';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signing] },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    pkce: { required: () => true },
    claims: SCOPE_CLAIMS,
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    // Consent is given in advance: the journey is the user's login, not the provider's consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(Object.values(SCOPE_CLAIMS).flat());
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (mode === 'none' || ctx.path !== '/token' || !body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    const changed = mode === 'expired' ? { ...claims, iat: now - 7200, exp: now - 3600 } : claims;
    const key = mode === 'expired' ? privateKey : forger;
    const id_token = await new SignJWT(changed)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(key);
    ctx.body = { ...body, id_token };
  });

  handle = provider.callback();
  return {
    issuer,
    accounts,
    tamper: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A browser's cookies for one site, by name (the provider's paths do not matter for these tests). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers | Record<string, unknown>): void {
    const list =
      headers instanceof Headers
        ? headers.getSetCookie()
        : ([] as string[]).concat((headers['set-cookie'] as string[] | string | undefined) ?? []);
    for (const line of list) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone =
        !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Signs in at the provider as `accountId` from its authorization address, through its login form, and
 * answers the address it sends the browser back to (the app's callback, with code, state and iss).
 */
export async function loginAtProvider(authorizationUrl: string, accountId: string): Promise<string> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(res.headers);
    return res;
  };
  let res = await go(authorizationUrl);
  let location = res.headers.get('location');
  for (let hop = 0; hop < 10 && location; hop++) {
    const url = new URL(location, authorizationUrl).toString();
    if (!url.startsWith(new URL(authorizationUrl).origin)) return url;
    res = await go(url);
    if (res.status === 200 && url.includes('/interaction/')) {
      // The development login form: any password.
      res = await go(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }).toString(),
      });
    }
    location = res.headers.get('location');
    if (!location)
      throw new Error(
        `the provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`,
      );
  }
  throw new Error('the provider did not send the browser back');
}
