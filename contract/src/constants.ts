// Numbers and ids that client and server agree on (product.md sections 3, 4 and 9).

/** The largest id an integer column holds; larger ids are invalid input, not a database error. */
export const INT4_MAX = 2_147_483_647;

export const ROLE = { ADMIN: 1, STAFF: 2, EDITOR: 3 } as const;
export type RoleId = number;

export const STATE = { DRAFT: 1, PUBLISHED: 2 } as const;
export const GROUP_TYPE = { LOCATION: 1, DEPARTMENT: 2, TEAM: 3 } as const;
export const ACTION_TYPE = { LIKE: 1, FAVOURITE: 2 } as const;
export const VISIBILITY = { PUBLIC: 1, PRIVATE: 2 } as const;
/** feed_posts.kind: a feed post or a community post (ADR 010). */
export const POST_KIND = { FEED: 1, COMMUNITY: 2 } as const;

/** userTypeId that registration sets (product.md section 4). */
export const REGISTERED_USER_TYPE = 2;

export const LIMITS = {
  newsPageSize: 10,
  surveyListLimit: 1000,
  reportPageSize: 5,
  maxFilesPerPost: 8,
  fileMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 500 * 1024 * 1024,
  profileImageMaxBytes: 2 * 1024 * 1024,
  communityImageMaxBytes: 2 * 1024 * 1024,
  profileImageSize: 800,
  passwordMinLength: 8,
  adminPasswordMinLength: 6,
  requestTimeoutMs: 30_000,
  refreshTimeoutMs: 3_000,
  uploadTimeoutMs: 1_800_000,
  debounceMs: 500,
  mobileMaxWidth: 599,
} as const;

/** Session lifetimes (product.md section 9, Sessions). */
export const SESSION = {
  accessTokenSeconds: 15 * 60,
  refreshRememberSeconds: 30 * 24 * 3600,
  refreshSessionSeconds: 12 * 3600,
  verifyEmailSeconds: 24 * 3600,
  resetPasswordSeconds: 3600,
} as const;

/** Date formats of product.md section 9. */
export const DATE_FORMAT = {
  api: 'YYYY-MM-DD HH:mm:ss',
  table: 'DD-MM-YYYY HH:mm:ss',
} as const;

// Search (schemas/search.ts). Here, with no zod, so the top bar's search box does not bring the schemas
// onto every page.
/** What search finds, in the order the suggestions and the tabs show them. */
export const SEARCH_KINDS = [
  'posts',
  'communityPosts',
  'comments',
  'messages',
  'communities',
  'people',
  'surveys',
] as const;
export const SEARCH_LIMITS = {
  /** Characters of search text (the query). */
  maxLength: 200,
  /** Suggestions per kind while typing. */
  suggestPerKind: 3,
  /** Results per page. */
  pageSize: 20,
  /** A tab counts its results up to this many, then says "50+". */
  countUpTo: 50,
} as const;

// Reach, acknowledgement and notification preferences (issue 18). Here, with no zod, for the web's feed.
export const REACH_LIMITS = {
  /** Post ids per kind in one batch of read events (POST /post-reads). */
  eventsPerBatch: 100,
  /** How long a card must be at least half visible to count as seen. */
  seenAfterMs: 1000,
  /** The most posts the To acknowledge list shows at the top of /news. */
  toAcknowledge: 20,
} as const;
/** Who gets reminded of an unacknowledged post, and when: a day before its due date, and on it. */
export const ACK_REMINDER_KINDS = ['dayBefore', 'due'] as const;
/** The e-mail digest's frequencies; weekly by default. */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** Notification channels, each a user's choice per type of notification. */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
