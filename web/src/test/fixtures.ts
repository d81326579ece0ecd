// Records as the API answers them, for component tests: whole objects that pass the contract's schemas
// (test/fetch-mock.ts checks answers given for an endpoint entry), with the fields a test cares about given.
import type {
  FeedPost,
  Group,
  PublicConfig,
  SessionProfile,
  SsoProvidersResult,
  User,
} from '@hearth/contract';
import { GROUP_TYPE, ROLE } from '@hearth/contract';

/** The public settings (GET /v1/config): page titles name the brand from them. */
export const PUBLIC_CONFIG: PublicConfig = {
  brandName: 'Hearth',
  supportEmail: 'support@example.com',
  copyrightYear: 2020,
  companyEmailDomains: [],
};

/** The login page's sign-in options (GET /v1/auth/sso/providers): passwords only, everywhere. */
export const PASSWORDS_ONLY: SsoProvidersResult = {
  providers: [],
  passwordSignIn: { allowed: true, ssoOnlyDomains: [] },
};

/** What a successful login answers: Sam Staff's session with the role `roleId`. */
export function loginAnswer(roleId: number = ROLE.STAFF): SessionProfile {
  return {
    id: 3,
    firstName: 'Sam',
    lastName: 'Staff',
    email: 'sam@example.com',
    roles: { id: roleId, name: 'Staff' },
    profileImage: null,
    accessToken: 'access',
    refreshToken: 'refresh',
    accessTokenExpiryDate: new Date(Date.now() + 3_600_000).toISOString(),
  };
}

export const LOCATIONS: Group[] = [
  { id: 11, name: 'Cape Town', groupTypeId: GROUP_TYPE.LOCATION },
  { id: 12, name: 'Durban', groupTypeId: GROUP_TYPE.LOCATION },
];
export const DEPARTMENTS: Group[] = [
  { id: 21, name: 'Finance', groupTypeId: GROUP_TYPE.DEPARTMENT },
  { id: 22, name: 'People', groupTypeId: GROUP_TYPE.DEPARTMENT },
];
export const GROUPS: Group[] = [...LOCATIONS, ...DEPARTMENTS];

export const AUTHOR = { id: 3, firstName: 'Pat', lastName: 'Editor', profileImage: null };

export function feedPost(patch: Partial<FeedPost> = {}): FeedPost {
  return {
    id: 41,
    title: 'Canteen reopens',
    subtitle: 'New menu, longer hours',
    text: '<p>The canteen on floor 3 is open again.</p>',
    feedCategories: [{ id: 1, name: 'Company News' }],
    createdAt: '2026-03-02 08:00:00',
    user: AUTHOR,
    isFeatured: 0,
    isCommentable: 1,
    stateId: 2,
    startAt: '2026-03-02 08:00:00',
    endAt: '2026-04-01 08:00:00',
    files: [],
    groups: [],
    communityId: null,
    likes: 0,
    favourites: 0,
    comments: 0,
    actions: { isLiked: false, isFavourited: false },
    isLiked: false,
    isFavourited: false,
    requiresAck: false,
    ackDueAt: null,
    ...patch,
  };
}

export function user(patch: Partial<User> = {}): User {
  const role = patch.roles ?? { id: ROLE.STAFF, name: 'Staff' };
  return {
    id: 7,
    firstName: 'Sam',
    lastName: 'Staff',
    email: 'sam@example.com',
    phone: '+27 82 000 0000',
    jobTitle: null,
    isActive: 1,
    isVerified: 1,
    createdAt: '2026-01-05 09:00:00',
    lastLoggedInAt: '2026-03-01 10:00:00',
    role,
    roles: role,
    userTypeId: 1,
    groups: [LOCATIONS[0] as Group, DEPARTMENTS[0] as Group],
    profileImage: null,
    ...patch,
  };
}
