// The people directory and colleague profiles (issue 17, People): who works here, where and in what
// department, and what of them colleagues may see. Which profile fields colleagues see is an administrator's
// setting (ADR 032); the user themself and administrators always see every field.
import { z } from 'zod';
import { MSG } from '../messages';
import { textId } from './common';

/** The profile fields an administrator may show to or hide from colleagues. */
export const PROFILE_FIELDS = ['email', 'phone', 'jobTitle', 'location', 'department'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const shown = z.boolean({ error: MSG.invalidInput });
/** Which fields colleagues see: every field named, true or false; nothing else (a typo is a 400). */
export const profileFieldsSetting = z.strictObject(
  {
    email: shown,
    phone: shown,
    jobTitle: shown,
    location: shown,
    department: shown,
  },
  { error: MSG.invalidInput },
);
export type ProfileFieldsSetting = z.infer<typeof profileFieldsSetting>;

/** Until an administrator decides: a work phone is private by default, the rest is what colleagues need. */
export const DEFAULT_PROFILE_FIELDS: ProfileFieldsSetting = {
  email: true,
  phone: false,
  jobTitle: true,
  location: true,
  department: true,
};

/** The longest job title (admin form and own profile). */
export const JOB_TITLE_MAX = 100;
/** A job title in a form: optional, trimmed; empty means none. */
export const jobTitleField = z.string().trim().max(JOB_TITLE_MAX, MSG.jobTitleTooLong);

/** The directory's page size and the longest search text. */
export const PEOPLE_PAGE = { size: 20, max: 50, queryMax: 100 } as const;

/** A search text: trimmed; an empty one is no search. */
export const personSearchText = z
  .string()
  .trim()
  .max(PEOPLE_PAGE.queryMax, MSG.peopleSearchTooLong)
  .optional();

/** GET /people: search by name (or e-mail where colleagues see it), filters, keyset page. */
export const peopleQuery = z.object({
  q: personSearchText,
  locationId: textId.optional(),
  departmentId: textId.optional(),
  // The cursor carries the last names of the page before: room for two names of 100 characters.
  next: z.string().max(1000, MSG.invalidInput).optional(),
  limit: z.coerce.number().int().min(1).max(PEOPLE_PAGE.max).default(PEOPLE_PAGE.size),
});
export type PeopleQuery = z.input<typeof peopleQuery>;

const namedGroup = z.object({ id: z.number(), name: z.string() });

/**
 * A colleague as the directory and the mention card show them. A field the viewer may not see is null, as
 * is one left empty: `fields` of the answer says which is which.
 */
export const personCard = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  profileImage: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: namedGroup.nullable(),
  department: namedGroup.nullable(),
});
export type PersonCard = z.infer<typeof personCard>;

export const peoplePage = z.object({
  people: z.array(personCard),
  next: z.string().nullable(),
  /** The fields this viewer sees of colleagues (their filters are offered only for those). */
  fields: profileFieldsSetting,
});
export type PeoplePage = z.infer<typeof peoplePage>;

/** A post of the person's, as their profile lists it. */
export const personPost = z.object({
  id: z.number(),
  title: z.string(),
  /** 1 a feed post, 2 a community post (ADR 010). */
  kind: z.number(),
  communityId: z.number().nullable(),
  publishedAt: z.string(),
});
/** A comment of the person's, with the post it is on. */
export const personComment = z.object({
  id: z.number(),
  /** The start of the comment's text. */
  excerpt: z.string(),
  postId: z.number(),
  postTitle: z.string(),
  postKind: z.number(),
  createdAt: z.string(),
});

export const personProfile = personCard.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** 0 for a deactivated account (only administrators get one). */
  isActive: z.number(),
  /** The fields this viewer sees of this person: every one for the person and administrators. */
  fields: profileFieldsSetting,
  communities: z.array(z.object({ id: z.number(), title: z.string() })),
  posts: z.array(personPost),
  comments: z.array(personComment),
});
export type PersonProfile = z.infer<typeof personProfile>;
