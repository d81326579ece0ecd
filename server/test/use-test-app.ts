// The one fixture of a test file on the app: the app on its own database for the file's tests (started in
// beforeAll, closed in afterAll), the groups and the users the file names (the users logged in), and a request
// helper, so that a test states only what matters to it.
import { ROLE } from '@hearth/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { roles } from '../src/db/schema';
import { createTestApp, secondInstance, type TestApp } from './app';
import { createGroups, type UserOverrides } from './factories';
import { type Session, userWithSession } from './sessions';

/** A role id the product does not know: its users log in but are refused wherever a role is asked for. */
export const OTHER_ROLE = 4;

/** One user of each role, and one of a role the product does not know. */
export const EVERY_ROLE = { admin: ROLE.ADMIN, staff: ROLE.STAFF, editor: ROLE.EDITOR, other: OTHER_ROLE };

/** A location, a department and a team. */
export type Groups = Awaited<ReturnType<typeof createGroups>>;

/**
 * A user to log in: a role id, or the user's fields (staff unless `roleId` says otherwise); `worksIn` names
 * groups of the file whose location and department the user belongs to.
 */
export type UserSpec<G extends string = string> = number | (UserOverrides & { worksIn?: G });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Deps = Parameters<typeof createTestApp>[1];

export type AppFixture<N extends string, G extends string = never> = TestApp & {
  /**
   * The named users, logged in. The objects exist from the start and are filled in before the file's tests
   * run, so a file may take them apart at its top: `const { admin, staff } = t.users`.
   */
  users: Record<N, Session>;
  /** The named groups, made before the users and filled in the same way. */
  groups: Record<G, Groups>;
  /** A second instance of the app on the same database (with `second: true`), ready. */
  second: FastifyInstance;
  /** A request as `s` (anonymous without one); `payload` is sent only when given. */
  call(
    method: Method,
    url: string,
    s?: Session,
    payload?: InjectOptions['payload'],
  ): Promise<LightMyRequestResponse>;
  get(url: string, s?: Session): Promise<LightMyRequestResponse>;
};

export function useTestApp<N extends string = never, G extends string = never>(
  options: {
    groups?: readonly G[];
    users?: Record<N, UserSpec<G>>;
    /** Config overrides; a function is called when the app starts, for values made before then. */
    config?: Partial<Config> | (() => Partial<Config>);
    deps?: Deps | (() => Deps);
    /** Start a second instance too, as another server behind a load balancer would be. */
    second?: boolean;
  } = {},
): AppFixture<N, G> {
  const specs = Object.entries(options.users ?? {}) as [N, UserSpec<G>][];
  let current: TestApp | undefined;
  let second: FastifyInstance | undefined;
  const started = () => {
    if (!current) throw new Error('the test app starts in beforeAll: use it inside a hook or a test');
    return current;
  };
  const users = Object.fromEntries(specs.map(([name]) => [name, {}])) as Record<N, Session>;
  const groups = Object.fromEntries((options.groups ?? []).map((name) => [name, {}])) as Record<G, Groups>;
  const fixture: AppFixture<N, G> = {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get mailbox() {
      return started().mailbox;
    },
    get config() {
      return started().config;
    },
    get second() {
      if (!second) throw new Error('no second instance: pass { second: true }');
      return second;
    },
    restart: () => started().restart(),
    close: () => started().close(),
    users,
    groups,
    call: (method, url, s, payload) =>
      started().app.inject({
        method,
        url,
        headers: s?.headers ?? {},
        ...(payload === undefined ? {} : { payload }),
      }),
    get: (url, s) => fixture.call('GET', url, s),
  };

  beforeAll(async () => {
    const { config, deps } = options;
    const t = await createTestApp(
      typeof config === 'function' ? config() : config,
      typeof deps === 'function' ? deps() : deps,
    );
    current = t;
    const roleOf = (spec: UserSpec<G>) => (typeof spec === 'number' ? spec : spec.roleId);
    if (specs.some(([, spec]) => roleOf(spec) === OTHER_ROLE))
      await t.db.insert(roles).values({ id: OTHER_ROLE, name: 'other' });
    for (const name of options.groups ?? []) Object.assign(groups[name], await createGroups(t.db));
    // One after another, in the order named: user numbers (and so default names) follow that order.
    for (const [name, spec] of specs) {
      const full: Exclude<UserSpec<G>, number> = typeof spec === 'number' ? { roleId: spec } : spec;
      const { worksIn, ...overrides } = full;
      const place = worksIn === undefined ? [] : [groups[worksIn].location.id, groups[worksIn].department.id];
      const groupIds = [...place, ...(overrides.groupIds ?? [])];
      Object.assign(users[name], await userWithSession(t.app, t.db, { ...overrides, groupIds }));
    }
    if (options.second) {
      second = await secondInstance(t);
      await second.ready();
    }
  });
  afterAll(async () => {
    await second?.close();
    await current?.close();
  });
  return fixture;
}
