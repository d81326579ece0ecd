// The server's side of the policy (contract/src/policy.ts, ADR 027): the same pure `can`, and `authorize`,
// which turns a refusal into the error answer. Services ask here; they hold no role or ownership
// comparison of their own.
import { type Actor, can, type PolicyAction, type PolicyResource } from '@hearth/contract';
import { forbidden } from '../platform/errors';

export { type Actor, can, type PolicyAction as Action } from '@hearth/contract';

/** Throws 403 unless `actor` may do `action` (to `resource`). */
export function authorize<A extends PolicyAction>(
  actor: Actor,
  action: A,
  ...resource: PolicyResource<A>
): void {
  if (!can(actor, action, ...resource)) throw forbidden();
}
