// The web asks the server's own rules (contract/src/policy.ts) what to offer, so it copies none of them;
// the server still answers 403 to whoever is refused. This only turns the session's profile into the
// policy's caller.
import {
  type Actor,
  can,
  type PolicyAction,
  type PolicyResource,
  type SessionProfile,
} from '@hearth/contract';

/** The logged-in user as the policy's caller (null: nobody is logged in). */
export const actorOf = (profile: Pick<SessionProfile, 'id' | 'roles'> | null): Actor | null =>
  profile ? { id: profile.id, roleId: profile.roles.id } : null;

/** Whether the logged-in user may do `action`; false when nobody is. */
export function sessionCan<A extends PolicyAction>(
  profile: Pick<SessionProfile, 'id' | 'roles'> | null,
  action: A,
  ...resource: PolicyResource<A>
): boolean {
  const actor = actorOf(profile);
  return actor !== null && can(actor, action, ...resource);
}
