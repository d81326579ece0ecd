// Side menu entries per role (product.md section 2, Menus). Role 3 also gets Communities because its route
// table has the community pages.
import {
  BarChartOutlined,
  ContactsOutlined,
  FileTextOutlined,
  FormOutlined,
  KeyOutlined,
  LineChartOutlined,
  ReadOutlined,
  SolutionOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { PATHS, ROLE } from '@hearth/contract';
import type { ReactNode } from 'react';

export type MenuEntry = { path: string; label: string; icon: ReactNode };

const { ADMIN, STAFF, EDITOR } = ROLE;

const ENTRIES: { path: string; label: string; icon: ReactNode; roles: number[] }[] = [
  {
    path: PATHS.stats,
    label: 'Company Stats',
    icon: <BarChartOutlined aria-hidden />,
    roles: [ADMIN, STAFF, EDITOR],
  },
  { path: PATHS.news, label: 'News', icon: <ReadOutlined aria-hidden />, roles: [STAFF] },
  {
    path: PATHS.communities,
    label: 'Communities',
    icon: <TeamOutlined aria-hidden />,
    roles: [STAFF, EDITOR],
  },
  {
    path: PATHS.people,
    label: 'People',
    icon: <ContactsOutlined aria-hidden />,
    roles: [ADMIN, STAFF, EDITOR],
  },
  { path: PATHS.surveys, label: 'Surveys', icon: <SolutionOutlined aria-hidden />, roles: [STAFF] },
  {
    path: PATHS.adminSurveysList,
    label: 'Surveys',
    icon: <SolutionOutlined aria-hidden />,
    roles: [ADMIN, EDITOR],
  },
  {
    path: PATHS.adminFeedPostList,
    label: 'Posts',
    icon: <FileTextOutlined aria-hidden />,
    roles: [ADMIN, EDITOR],
  },
  {
    path: PATHS.adminCommunitiesList,
    label: 'Communities',
    icon: <TeamOutlined aria-hidden />,
    roles: [ADMIN],
  },
  {
    path: PATHS.adminCommunityPostList,
    label: 'Community Posts',
    icon: <FormOutlined aria-hidden />,
    roles: [ADMIN],
  },
  { path: PATHS.users, label: 'Users', icon: <UsergroupAddOutlined aria-hidden />, roles: [ADMIN] },
  { path: PATHS.reports, label: 'Reports', icon: <LineChartOutlined aria-hidden />, roles: [ADMIN] },
  {
    path: PATHS.profile,
    label: 'Profile',
    icon: <UserOutlined aria-hidden />,
    roles: [ADMIN, STAFF, EDITOR],
  },
];

/** A role outside 1-3 can only change its password. */
const OTHER_ROLE_ENTRIES: MenuEntry[] = [
  { path: PATHS.passwordChange, label: 'Change Password', icon: <KeyOutlined aria-hidden /> },
];

export function menuEntriesFor(roleId: number): MenuEntry[] {
  const entries = ENTRIES.filter((entry) => entry.roles.includes(roleId));
  return entries.length > 0 ? entries : OTHER_ROLE_ENTRIES;
}

/** The entry to highlight: the one whose path is the longest prefix of the current path. */
export function selectedEntry(entries: MenuEntry[], pathname: string): string | undefined {
  const matches = entries.filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
