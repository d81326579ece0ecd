// The pure rules behind the community form and the community post form (product.md sections 4 and 5): image
// checks, which community post form a route is, and the form-to-body mappings with the
// community-required rule.
import {
  type CommunityBody,
  type CommunityPostBody,
  formatApiDate,
  LIMITS,
  MSG,
  STATE,
  VISIBILITY,
} from '@hearth/contract';

// ---- community form -------------------------------------------------------------------------------

export const COMMUNITY_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The edit form accepts images under 10MB (product.md section 5); create keeps the 2MB limit. */
export const COMMUNITY_EDIT_IMAGE_MAX_BYTES = LIMITS.fileMaxBytes;

/** The browser-side check of a community image: a message, or null when it may be uploaded. */
export function checkCommunityImage(file: Pick<File, 'type' | 'size'>, editing: boolean): string | null {
  if (!(COMMUNITY_IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.imageTypeOnly;
  if (editing) return file.size < COMMUNITY_EDIT_IMAGE_MAX_BYTES ? null : MSG.fileTooBig;
  return file.size < LIMITS.communityImageMaxBytes ? null : MSG.profileImageTooBig;
}

export type CommunityFormValues = {
  title: string;
  description: string;
  visibilityId: number;
  stateId: number;
  /** The uploaded image: its file id and URL (for the preview), or null. */
  image: { id: number; url: string } | null;
  managers: number[];
  users: number[];
};

/** What create and update send: the whole form; members only for a private community. */
export function toCommunityBody(values: CommunityFormValues): CommunityBody {
  const visibilityId = values.visibilityId === VISIBILITY.PRIVATE ? VISIBILITY.PRIVATE : VISIBILITY.PUBLIC;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    visibilityId,
    stateId: values.stateId === STATE.PUBLISHED ? STATE.PUBLISHED : STATE.DRAFT,
    image: values.image?.id ?? null,
    managers: [...new Set(values.managers ?? [])],
    users: visibilityId === VISIBILITY.PRIVATE ? [...new Set(values.users ?? [])] : [],
  };
}

// ---- community post form --------------------------------------------------------------------------

/** Where the form goes after saving: the community's page for managers, the admin list for administrators. */
export function afterSavePath(isAdmin: boolean, communityId: number | null | undefined): string {
  if (isAdmin || !communityId) return '/admin-community-post-list';
  return `/communities/${communityId}`;
}

export type CommunityPostFormValues = {
  title: string;
  subtitle: string;
  text: string;
  stateId: number;
  isCommentable: boolean;
  /** Anything with toDate() (the form holds dayjs values). */
  startAt: { toDate(): Date } | null;
  endAt: { toDate(): Date } | null;
  communityId: number | null;
  files: { id: number }[];
};

/** product.md section 5: publishing needs a community (the admin form may keep a draft without one). */
export function communityRequiredError(
  stateId: number,
  communityId: number | null | undefined,
): string | null {
  return stateId === STATE.PUBLISHED && !communityId ? MSG.communityRequired : null;
}

/**
 * The body of create and update. `fixedCommunityId` is the community of a manager's form (create: from the
 * route; edit: the post's own), which the form does not let them change.
 */
export function toCommunityPostBody(
  values: CommunityPostFormValues,
  options: { fixedCommunityId?: number | null; createdById?: number } = {},
): CommunityPostBody {
  const communityId =
    options.fixedCommunityId !== undefined ? options.fixedCommunityId : (values.communityId ?? null);
  const body: CommunityPostBody = {
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    text: values.text ?? '',
    stateId: values.stateId === STATE.PUBLISHED ? STATE.PUBLISHED : STATE.DRAFT,
    isCommentable: values.isCommentable ? 1 : 0,
    startAt: values.startAt ? formatApiDate(values.startAt.toDate()) : null,
    endAt: values.endAt ? formatApiDate(values.endAt.toDate()) : null,
    communityId,
    files: (values.files ?? []).map((f) => f.id),
  };
  if (options.createdById !== undefined) body.createdById = options.createdById;
  return body;
}
