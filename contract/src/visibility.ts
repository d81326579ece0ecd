// Who may open a post or answer a survey, as pure functions of facts already read (issue 30): the same rules
// that server/src/access/ states as SQL for lists (posts.ts `feedPostSeen`, `communityPostSeen`,
// audience.ts `audienceIncludes`, recipients.ts `addressedTo`; surveys' `openTo`). The SQL filters many rows
// at once; these judge one object the server has loaded (a community post's page) and are the meaning the
// property test (server/src/access/rules.property.test.ts) holds the SQL to, so each rule is stated once
// in TS and once in SQL. Role questions go to the policy (`can`), never to role ids here.
import { STATE, VISIBILITY } from './constants';
import { type Actor, type CommunityFacts, can, type Membership } from './policy';

/** A post or survey's state and publishing window (product.md section 4: publishing window). */
export type PublishingWindow = { stateId: number; startAt: Date; endAt: Date | null };

/** Published and inside its window at `now`: started (start <= now) and not ended (no end, or now < end). */
export const isLive = (item: PublishingWindow, now: Date): boolean =>
  item.stateId === STATE.PUBLISHED &&
  item.startAt.getTime() <= now.getTime() &&
  (item.endAt === null || now.getTime() < item.endAt.getTime());

/** One group of an item's audience, with its type (a location, a department) as the link tables keep it. */
export type AudienceGroup = { groupId: number; groupTypeId: number };

/**
 * The audience rule (product.md section 4, Audience): an item with no groups is for everyone; with groups,
 * for every group type present on the item the user is in at least one of its groups of that type (a post
 * for Cape Town and Finance reaches Finance in Cape Town, not all of Cape Town). `groupIds`: the user's.
 */
export function inAudience(audience: readonly AudienceGroup[], groupIds: readonly number[]): boolean {
  const types = new Set(audience.map((a) => a.groupTypeId));
  return [...types].every((type) =>
    audience.some((a) => a.groupTypeId === type && groupIds.includes(a.groupId)),
  );
}

/** A reader as the audience rule needs them: the policy's actor and the groups they are in. */
export type Reader = Actor & { groupIds: readonly number[] };

/** A feed post's facts: its window and its audience. */
export type FeedPostFacts = PublishingWindow & { audience: readonly AudienceGroup[] };

/** May `reader` open the feed post: content administrators any (drafts too); anyone else a live post for
 * an audience that includes them. */
export const opensFeedPost = (reader: Reader, post: FeedPostFacts, now: Date): boolean =>
  can(reader, 'post.seeUnpublished') || (isLive(post, now) && inAudience(post.audience, reader.groupIds));

/** A community as one reader sees it: its state and visibility, and their membership of it. */
export type CommunityView = CommunityFacts & Membership;

/** The facts of a community row for a reader with this membership (none: not a member). */
export const communityView = (
  community: { stateId: number; visibilityId: number },
  membership: Membership,
): CommunityView => ({
  isPublished: community.stateId === STATE.PUBLISHED,
  isPublic: community.visibilityId === VISIBILITY.PUBLIC,
  ...membership,
});

/** A community post's facts: its window and its community as the reader sees it (null: it has none). */
export type CommunityPostFacts = PublishingWindow & { community: CommunityView | null };

/**
 * May `actor` open the community post (ADR 010): one without a community only those who may handle such
 * posts (administrators); else whoever sees its community (`community.see`), when the post is live, or
 * always for those who see its drafts (`community.seeUnpublished`: content administrators, its managers).
 */
export function opensCommunityPost(actor: Actor, post: CommunityPostFacts, now: Date): boolean {
  if (post.community === null) return can(actor, 'post.withoutCommunity');
  if (!can(actor, 'community.see', post.community)) return false;
  return isLive(post, now) || can(actor, 'community.seeUnpublished', post.community);
}

/**
 * Whether a post asks `reader` for anything (the To acknowledge list, reminders, reach's live audience):
 * live, and a feed post's audience includes them, or they are a member of the community post's published
 * community. Not a question of role: administrators open every post, but only what is addressed to them
 * asks them for anything. `community` null: no community, addressed to no one.
 */
export function isAddressedTo(
  reader: Pick<Reader, 'groupIds'>,
  post: PublishingWindow &
    (
      | { kind: 'feed'; audience: readonly AudienceGroup[] }
      | { kind: 'community'; community: CommunityView | null }
    ),
  now: Date,
): boolean {
  if (!isLive(post, now)) return false;
  if (post.kind === 'feed') return inAudience(post.audience, reader.groupIds);
  return post.community?.isPublished === true && post.community.isMember;
}

/** A survey's facts: state, active switch, times (either may be unset) and audience. */
export type SurveyFacts = {
  stateId: number;
  isActive: boolean;
  startAt: Date | null;
  endAt: Date | null;
  audience: readonly AudienceGroup[];
};

/**
 * Is the survey open to a user in `groupIds` (product.md section 4, Survey responses): published, active,
 * with both times set (a survey without times is not open), start <= now < end, and for an audience that
 * includes them. No role sees more here: managing surveys is the policy's `survey.manage`.
 */
export const surveyOpenTo = (survey: SurveyFacts, groupIds: readonly number[], now: Date): boolean =>
  survey.stateId === STATE.PUBLISHED &&
  survey.isActive &&
  survey.startAt !== null &&
  survey.endAt !== null &&
  survey.startAt.getTime() <= now.getTime() &&
  now.getTime() < survey.endAt.getTime() &&
  inAudience(survey.audience, groupIds);
