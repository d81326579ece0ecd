// Shared vocabulary of the authorisation matrix: who calls, and what each kind of caller must get.
export type Who = 'anon' | 'admin' | 'staff' | 'editor' | 'other';
export const WHO: Who[] = ['anon', 'admin', 'staff', 'editor', 'other'];
export type Expect = [anon: number, admin: number, staff: number, editor: number, other: number];
/** `METHOD /path` -> [concrete url, expected statuses]. */
export type Rows = Record<string, [url: string, expected: Expect]>;
/** Ids of rows created for the matrix run, to fill `:id` parameters. */
export type MatrixContext = { adminId: number; statsId: number };

export const publicRoute = (status: number): Expect => [status, status, status, status, status];
export const adminOnly = (ok: number): Expect => [401, ok, 403, 403, 403];
export const knownRoles = (ok: number): Expect => [401, ok, ok, ok, 403];
/** Administrators and post managers (content administration). */
export const contentAdmins = (ok: number): Expect => [401, ok, 403, ok, 403];
