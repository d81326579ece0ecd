// Who is a colleague (issue 30, M1; PRODUCT-DECISIONS "Colleagues are proven people"): an active account
// whose e-mail address has been proven. Anyone may register any unused company address with any name, and
// until its link is opened nobody knows who holds it, so an unverified account appears nowhere a colleague
// appears: the directory, a profile, people search and suggestions, mentions, pickers, and the audiences
// and targeted counts of what is sent. Administrators still find it in the user lists they manage.
import { type SQL, sql } from 'drizzle-orm';

/** SQL: the users row `alias` (the table itself by default, or a query's alias such as `u`) is a colleague. */
export function isColleague(alias = 'users'): SQL {
  const u = sql.identifier(alias);
  return sql`(${u}."is_active" and ${u}."is_verified")`;
}

/** The pure form, for a row already read. */
export const colleagueRow = (r: { isActive: boolean; isVerified: boolean }): boolean =>
  r.isActive && r.isVerified;
