// Where a user goes after logging in (product.md section 2): a remembered survey link first; then staff
// follow the `next` parameter (never back to the login page); everyone else goes to their role's home page.
import { homeForRole, PATHS, ROLE } from '@hearth/contract';
import { roleHasPath } from './route-table';
import { peekSurveyLink } from './session';

/** Only same-site paths: `//host` or `https://...` in `next` would be an open redirect. */
function isLocalPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}

/** Pure (safe to call while rendering); the app layout forgets the survey link once the user is in. */
export function landingPath(roleId: number, next: string | null): string {
  const survey = peekSurveyLink();
  if (survey && isLocalPath(survey) && roleHasPath(roleId, survey)) return survey;
  if (roleId === ROLE.STAFF && next && isLocalPath(next)) {
    const nextPath = next.split(/[?#]/, 1)[0];
    if (nextPath !== '/' && nextPath !== PATHS.login) return next;
  }
  return homeForRole(roleId);
}
