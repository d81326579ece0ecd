import { MSG, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, PASSWORD } from '../../../test/factories';
import { basic, bearer, login, type Session, userWithSession } from '../../../test/sessions';
import { EVERY_ROLE, useTestApp } from '../../../test/use-test-app';
import { files, userGroups, users } from '../../db/schema';

const t = useTestApp({ users: EVERY_ROLE });
const { admin, staff, editor, other } = t.users;
let g1: Awaited<ReturnType<typeof createGroups>>;
let g2: Awaited<ReturnType<typeof createGroups>>;
let png: Buffer;

beforeAll(async () => {
  g1 = await createGroups(t.db);
  g2 = await createGroups(t.db);
  png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /v1/api/users/update-profile', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    firstName: 'Lerato',
    lastName: 'Khumalo',
    email: `lerato.${Math.random().toString(36).slice(2)}@example.com`,
    phone: '+27 31 000 1111',
    // A new address needs the password (email-change.test.ts covers that step).
    currentPassword: PASSWORD,
    ...over,
  });

  it('updates the caller only, whatever id the body carries', async () => {
    for (const s of [staff, editor, admin]) {
      const body = form({ id: other.user.id, userId: other.user.id });
      const res = await call('POST', '/v1/api/users/update-profile', s.headers, body);
      expect(res.statusCode).toBe(200);
      // The new address waits for its link; the old one stays until then.
      expect(res.json().data).toMatchObject({
        id: s.user.id,
        firstName: 'Lerato',
        email: s.user.email,
        pendingEmail: body.email,
        phone: body.phone,
      });
    }
    expect((await rowOf(other.user.id))?.firstName).toBe(other.user.firstName);
  });

  it('replaces location and department, keeps teams, and leaves groups alone when absent', async () => {
    const u = await userWithSession(t.app, t.db, {
      groupIds: [g1.location.id, g1.department.id, g1.team.id],
    });
    const body = form({ email: u.user.email, groups: [g2.location.id, g2.department.id] });
    const res = await call('POST', '/v1/api/users/update-profile', u.headers, body);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.groups.map((x: { id: number }) => x.id);
    expect(ids).toEqual([g2.location.id, g2.department.id, g1.team.id]);
    const again = await call(
      'POST',
      '/v1/api/users/update-profile',
      u.headers,
      form({ email: u.user.email }),
    );
    expect(again.json().data.groups).toHaveLength(3);
  });

  it('refuses groups that are unknown, teams, or two of a kind, changing nothing', async () => {
    const u = await userWithSession(t.app, t.db, { groupIds: [g1.location.id] });
    for (const groups of [
      [999999],
      [g1.team.id],
      [g1.location.id, g2.location.id],
      [g1.department.id, g2.department.id],
    ]) {
      const res = await call(
        'POST',
        '/v1/api/users/update-profile',
        u.headers,
        form({ firstName: 'Nope', groups }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ groups: MSG.invalidInput });
    }
    expect((await rowOf(u.user.id))?.firstName).toBe(u.user.firstName);
    const memberships = await t.db.select().from(userGroups).where(eq(userGroups.userId, u.user.id));
    expect(memberships.map((m) => m.groupId)).toEqual([g1.location.id]);
  });

  it('answers the form messages for bad input', async () => {
    const cases: [object, string, string][] = [
      [form({ firstName: '' }), 'firstName', MSG.profileFirstNameRequired],
      [form({ lastName: undefined }), 'lastName', MSG.profileLastNameRequired],
      [form({ email: '' }), 'email', MSG.profileEmailRequired],
      [form({ email: 'nope' }), 'email', MSG.emailInvalid],
      [form({ email: 'me@gmail.com' }), 'email', MSG.notCompanyEmail],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/v1/api/users/update-profile', staff.headers, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field]).toBe(message);
    }
    expect((await rowOf(staff.user.id))?.email).toBe(staff.user.email);
  });

  it("answers 409 for a colleague's address", async () => {
    const res = await call(
      'POST',
      '/v1/api/users/update-profile',
      staff.headers,
      form({ email: editor.user.email }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: MSG.emailTaken });
    expect((await rowOf(staff.user.id))?.email).toBe(staff.user.email);
  });

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await call('POST', '/v1/api/users/update-profile', {}, form())).statusCode).toBe(401);
    expect((await call('POST', '/v1/api/users/update-profile', other.headers, form())).statusCode).toBe(403);
  });
});

describe('POST /v1/api/users/update-password', () => {
  const change = (s: Session, over: Record<string, unknown> = {}) =>
    call('POST', '/v1/api/users/update-password', s.headers, {
      id: s.user.id,
      oldPassword: PASSWORD,
      password: 'Fresh#Pass2',
      ...over,
    });

  it('ends every other session and answers a new, working one', async () => {
    const u = await userWithSession(t.app, t.db);
    const elsewhere = await login(t.app, u.user.email);
    const res = await change(u);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data;
    expect(fresh).toMatchObject({ id: u.user.id, roles: { id: ROLE.STAFF } });

    // Both earlier sessions are over: access tokens and refresh tokens.
    for (const s of [u.session, elsewhere]) {
      expect((await call('GET', '/v1/api/users/actions', bearer(s.accessToken))).statusCode).toBe(401);
      expect((await call('POST', '/v1/auth/refresh-token', bearer(s.refreshToken))).statusCode).toBe(401);
    }
    // The answered session works, and so does its refresh token.
    expect((await call('GET', '/v1/api/users/actions', bearer(fresh.accessToken))).statusCode).toBe(200);
    expect((await call('POST', '/v1/auth/refresh-token', bearer(fresh.refreshToken))).statusCode).toBe(200);
    // Only the new password logs in.
    expect(
      (await call('POST', '/v1/auth/login', { authorization: basic(u.user.email, PASSWORD) })).statusCode,
    ).toBe(401);
    await login(t.app, u.user.email, 'Fresh#Pass2');
  });

  it('is open to roles other than 1, 2 and 3', async () => {
    const u = await userWithSession(t.app, t.db, { roleId: 4 });
    const res = await change(u);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles.id).toBe(4);
  });

  it('answers 400 on the old password field when it is wrong, changing nothing', async () => {
    const u = await userWithSession(t.app, t.db);
    const res = await change(u, { oldPassword: 'Wrong#Pass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: MSG.oldPasswordWrong,
      fields: { oldPassword: MSG.oldPasswordWrong },
    });
    expect((await call('GET', '/v1/api/users/actions', u.headers)).statusCode).toBe(200);
    await login(t.app, u.user.email, PASSWORD);
  });

  it('answers the form messages for a weak or missing password', async () => {
    const u = await userWithSession(t.app, t.db);
    expect((await change(u, { password: 'weakpass' })).json().fields).toEqual({
      password: MSG.passwordPattern,
    });
    expect((await change(u, { password: '' })).json().fields).toEqual({ password: MSG.passwordRequired });
    expect((await change(u, { oldPassword: '' })).json().fields).toEqual({
      oldPassword: MSG.oldPasswordRequired,
    });
    expect((await call('GET', '/v1/api/users/actions', u.headers)).statusCode).toBe(200);
  });

  it("answers 403 for someone else's id and 401 without a token", async () => {
    const victim = await createUser(t.db);
    const res = await change(staff, { id: victim.id });
    expect(res.statusCode).toBe(403);
    await login(t.app, victim.email, PASSWORD);
    const anonymous = await call(
      'POST',
      '/v1/api/users/update-password',
      {},
      {
        id: victim.id,
        oldPassword: PASSWORD,
        password: 'Fresh#Pass2',
      },
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /v1/api/users/profile-image', () => {
  const upload = (s: Session | { headers: Record<string, string> }, base64: string, filename = 'me.png') =>
    call('POST', '/v1/api/users/profile-image', s.headers, { base64, filename });
  const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0]?.n ?? 0;

  it('stores an 800x800 JPEG, served at its url with nosniff', async () => {
    const u = await userWithSession(t.app, t.db);
    const res = await upload(u, png.toString('base64'));
    expect(res.statusCode).toBe(200);
    const { fileId, payload } = res.json().data;
    expect(fileId).toBeTypeOf('number');
    expect(payload.url).toMatch(/^\/files\/profile\/[0-9a-f-]{36}\.jpg$/);

    const served = await call('GET', payload.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    expect(served.headers['content-disposition']).toBe('inline');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 800 });

    const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ mimeType: 'image/jpeg', resourceType: 'image', createdById: u.user.id });
    expect((await rowOf(u.user.id))?.profileImageFileId).toBe(fileId);
    const byId = await call('GET', `/v1/api/users/profile-image/${u.user.id}`, staff.headers);
    expect(byId.json().data).toEqual({ url: payload.url });
    expect((await call('GET', `/v1/api/users/${u.user.id}`, u.headers)).json().data.profileImage).toBe(
      payload.url,
    );
  });

  it('replaces the previous image, whose file is removed', async () => {
    const u = await userWithSession(t.app, t.db);
    const first = (await upload(u, png.toString('base64'))).json().data;
    const webp = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#0c08' } })
      .webp()
      .toBuffer();
    const second = await upload(u, `data:image/webp;base64,${webp.toString('base64')}`, 'me.webp');
    expect(second.statusCode).toBe(200);
    expect((await call('GET', first.payload.url)).statusCode).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.id, first.fileId))).toEqual([]);
    expect((await call('GET', second.json().data.payload.url)).statusCode).toBe(200);
  });

  it('accepts JPEG and GIF too', async () => {
    const u = await userWithSession(t.app, t.db);
    for (const kind of ['jpeg', 'gif'] as const) {
      const img = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00c' } })
        [kind]()
        .toBuffer();
      expect((await upload(u, img.toString('base64'), `a.${kind}`)).statusCode, kind).toBe(200);
    }
  });

  it('answers 413 for an image over 2MB, changing nothing', async () => {
    const u = await userWithSession(t.app, t.db);
    const before = await fileCount();
    for (const size of [3 * 1024 * 1024, 7 * 1024 * 1024]) {
      const res = await upload(u, Buffer.alloc(size, 1).toString('base64'));
      expect(res.statusCode, String(size)).toBe(413);
      expect(res.json().error).toBe(MSG.profileImageTooBig);
    }
    expect(await fileCount()).toBe(before);
    expect((await rowOf(u.user.id))?.profileImageFileId).toBeNull();
  });

  it('answers 400 for anything that is not a JPG, PNG, WebP or GIF, whatever its name', async () => {
    const u = await userWithSession(t.app, t.db);
    const before = await fileCount();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const truncated = png.subarray(0, 100);
    for (const body of [Buffer.from('just some text, honest'), Buffer.from(svg), tiff, truncated]) {
      const res = await upload(u, body.toString('base64'), 'photo.png');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MSG.imageTypeOnly);
    }
    const empty = await upload(u, '');
    expect(empty.statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await upload({ headers: {} }, png.toString('base64'))).statusCode).toBe(401);
    expect((await upload(other, png.toString('base64'))).statusCode).toBe(403);
  });
});

describe('GET /v1/api/users/profile-image/{id}', () => {
  it('answers null for a user without an image, 404 for an unknown user, 400 for a bad id', async () => {
    const res = await call('GET', `/v1/api/users/profile-image/${editor.user.id}`, staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ url: null });
    expect((await call('GET', '/v1/api/users/profile-image/999999', staff.headers)).statusCode).toBe(404);
    expect((await call('GET', '/v1/api/users/profile-image/abc', staff.headers)).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await call('GET', `/v1/api/users/profile-image/${staff.user.id}`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/v1/api/users/profile-image/${staff.user.id}`, other.headers)).statusCode,
    ).toBe(403);
  });
});

describe('GET /v1/api/users/actions', () => {
  it("answers the caller's counts", async () => {
    for (const s of [admin, staff, editor]) {
      const res = await call('GET', '/v1/api/users/actions', s.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ likes: 0, favourites: 0, surveys: 0 });
    }
  });

  it('answers 401 without a token and 403 to other roles', async () => {
    expect((await call('GET', '/v1/api/users/actions')).statusCode).toBe(401);
    expect((await call('GET', '/v1/api/users/actions', other.headers)).statusCode).toBe(403);
  });
});
