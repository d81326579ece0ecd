// Who may do what to which object: every authorisation question that is not "which roles may call this
// endpoint" (that is the endpoint table's `access`) is answered by this table, so the rules stand in one
// place and the tests read like it. Pure (no database, no I/O): the server loads the facts (is the caller a
// member, who owns the record) and asks `can` or its `authorize` (server/src/access/policy.ts); the web
// asks the same `can` to decide what to offer (a reach button), so it copies no rule. The rules that read
// the database, as SQL, live beside the server's `authorize` in server/src/access/ (issue 30). The model is
// Outline's server/policies. ADR 027.
import { ROLES } from './endpoint';

/** The caller, as the policy needs them. */
export type Actor = { id: number; roleId: number };

const inRoles = (set: readonly number[]) => (actor: Actor) => set.includes(actor.roleId);
const isAdmin = inRoles(ROLES.admins);
const isContentAdmin = inRoles(ROLES.contentAdmins);
const isSelf = (actor: Actor, r: { userId: number }) => actor.id === r.userId;
const isSelfOrAdmin = (actor: Actor, r: { userId: number }) => isSelf(actor, r) || isAdmin(actor);

/** A community as seen by the caller: their membership of it. */
export type Membership = { isMember: boolean; isManager: boolean };
/** A community's state as its visibility rule needs it. */
export type CommunityFacts = { isPublished: boolean; isPublic: boolean; isMember: boolean };

const RULES = {
  // People
  /** A user's full record: their own, or anyone's for an administrator. */
  'user.read': isSelfOrAdmin,
  /** The list of every user with their details (colleagues get names only, from the mention search). */
  'user.list': (actor: Actor) => isAdmin(actor),
  /** Acting as `userId` where the web names the user: only as oneself (an id from the client is never
   * trusted to name someone else). */
  'user.actAs': (actor: Actor, r: { userId?: number }) => r.userId === undefined || r.userId === actor.id,
  /** What is listed for a user (their surveys, the communities they manage): their own, or an administrator. */
  'user.listFor': isSelfOrAdmin,
  /** Every field of a colleague's profile, whatever the profile-fields setting hides (ADR 032). */
  'person.seeAllFields': isSelfOrAdmin,
  /** A deactivated or unproven person's profile: administrators (colleagues are told it does not exist). */
  'person.seeInactive': (actor: Actor) => isAdmin(actor),
  /** One's own profile only. */
  'profile.update': isSelf,
  /** A notification: its recipient only. */
  'notification.open': isSelf,
  /** A push endpoint already registered: only by the user who registered it (no one takes over another's). */
  'push.reuseEndpoint': isSelf,

  // Files
  /** Attaching an upload to a post or a community: only one's own (file ids are guessable; someone else's
   * upload is not theirs to publish). A file already on the record stays without this check. */
  'file.attach': (actor: Actor, r: { createdById: number | null }) => r.createdById === actor.id,

  // Feed and community posts
  /** Drafts, hidden posts and posts outside their window, in every list. */
  'post.seeUnpublished': (actor: Actor) => isContentAdmin(actor),
  /** Naming a post's author (the form's createdById): oneself, or on an edit the author it already has. */
  'post.setAuthor': (actor: Actor, r: { authorId: number; currentAuthorId?: number }) =>
    r.authorId === actor.id || r.authorId === r.currentAuthorId,
  /** A community-kind post written to no community: administrators create, read and edit it. */
  'post.withoutCommunity': (actor: Actor) => isAdmin(actor),
  /**
   * A post's reach (who saw, opened, acknowledged it; issue 18): administrators and the post's author; post
   * managers for every feed post, and a community's managers for its posts, as they manage those (issue 33).
   */
  'post.seeReach': (
    actor: Actor,
    r: { authorId: number | null; isFeedPost: boolean; managesCommunity?: boolean },
  ) =>
    isAdmin(actor) ||
    actor.id === r.authorId ||
    (r.isFeedPost ? isContentAdmin(actor) : r.managesCommunity === true),

  // Communities
  /** Every community, any state: administrators. Others: published, and public or with them as members. */
  'community.see': (actor: Actor, r: CommunityFacts) =>
    isAdmin(actor) || (r.isPublished && (r.isPublic || r.isMember)),
  /** Writing in a community (comments, likes, discussion): its members and administrators. */
  'community.write': (actor: Actor, r: Membership) => r.isMember || isAdmin(actor),
  /** Every community in lists, whatever its state or visibility (no visibility filter). */
  'community.seeAll': (actor: Actor) => isAdmin(actor),
  /** Member lists of a community. */
  'community.seeMembers': (actor: Actor) => isAdmin(actor),
  /** Creating and editing a community's posts: its managers and administrators. */
  'community.editPosts': (actor: Actor, r: Membership) => r.isManager || isAdmin(actor),
  /** A community's drafts and out-of-window posts: content admins and its managers. */
  'community.seeUnpublished': (actor: Actor, r: Membership | null) =>
    isContentAdmin(actor) || r?.isManager === true,

  // Surveys
  /** Reading and building any survey, whoever it is for. */
  'survey.manage': (actor: Actor) => isContentAdmin(actor),
} satisfies Record<string, (actor: Actor, resource: never) => boolean>;

export type PolicyAction = keyof typeof RULES;
/** The arguments after the action: the resource, when the rule looks at one. */
export type PolicyResource<A extends PolicyAction> =
  Parameters<(typeof RULES)[A]> extends [Actor, infer R] ? [resource: R] : [];

/** Whether `actor` may do `action` (to `resource`). */
export function can<A extends PolicyAction>(
  actor: Actor,
  action: A,
  ...[resource]: PolicyResource<A>
): boolean {
  const rule = RULES[action] as (actor: Actor, resource: unknown) => boolean;
  return rule(actor, resource);
}
