// Top bar of the logged-in pages: menu button (mobile), search (an icon on phones), notification bell
// (staff), name, appearance, settings, logout.
import {
  BellOutlined,
  LogoutOutlined,
  MenuOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { PATHS, ROLE } from '@hearth/contract';
import { Button, Layout, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api';
import { useProfile } from '../../lib/session';
import { UserAvatar } from '../../lib/user-avatar';
import { ColorModeMenu } from './color-mode-menu';
import './top-bar.css';

// The bell (with its live stream) loads only for staff, in its own chunk.
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

// The search box with its suggestions is code of its own, loaded after the page like the bell: the news
// page's first load stays within its budget (e2e/tests/budget.spec.ts).
const SearchBox = lazy(() =>
  import('../../features/search/search-box').then((m) => ({ default: m.SearchBox })),
);

/** Holds the search box's place while its chunk loads: the same size, no focus. */
function SearchPlaceholder({ isMobile }: { isMobile: boolean }) {
  return isMobile ? (
    <Button type="text" icon={<SearchOutlined />} aria-label="Search" disabled />
  ) : (
    <div className="top-bar-search-placeholder" />
  );
}

/** Holds the bell's place while its chunk loads. */
function BellPlaceholder() {
  return <Button type="text" icon={<BellOutlined />} aria-label="Notifications" disabled />;
}

type Props = { isMobile: boolean; onOpenMenu: () => void };

export function TopBar({ isMobile, onOpenMenu }: Props) {
  const profile = useProfile();
  const navigate = useNavigate();
  const logout = useLogout();
  const roleId = profile?.roles.id;
  const hasProfilePages = roleId === ROLE.ADMIN || roleId === ROLE.STAFF || roleId === ROLE.EDITOR;
  // The search text lives here, not in the box: the box moves (and mounts anew) when the window crosses
  // the phone width, and what was typed must survive that.
  const [searchText, setSearchText] = useState('');
  const search = { text: searchText, onText: setSearchText };

  return (
    <Layout.Header className="top-bar">
      {isMobile && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label="Open menu"
          data-testid="open-menu"
          onClick={onOpenMenu}
        />
      )}
      {hasProfilePages && !isMobile && (
        <Suspense fallback={<SearchPlaceholder isMobile={false} />}>
          <SearchBox isMobile={false} {...search} />
        </Suspense>
      )}
      <div className="top-bar-spacer" />
      <Space size={isMobile ? 4 : 12} align="center">
        {hasProfilePages && isMobile && (
          <Suspense fallback={<SearchPlaceholder isMobile />}>
            <SearchBox isMobile {...search} />
          </Suspense>
        )}
        {roleId === ROLE.STAFF && (
          <Suspense fallback={<BellPlaceholder />}>
            <NotificationBell />
          </Suspense>
        )}
        <UserAvatar
          firstName={profile?.firstName}
          lastName={profile?.lastName}
          src={profile?.profileImage}
          size={28}
        />
        <span className="text-strong top-bar-name" data-testid="user-first-name">
          {profile?.firstName}
        </span>
        <ColorModeMenu />
        {hasProfilePages && (
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label="Profile settings"
            onClick={() => navigate(PATHS.editProfile)}
          >
            {isMobile ? null : <span className="top-bar-label">Profile settings</span>}
          </Button>
        )}
        <Button
          type="text"
          icon={<LogoutOutlined />}
          aria-label="Log out"
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {isMobile ? null : <span className="top-bar-label">Log out</span>}
        </Button>
      </Space>
    </Layout.Header>
  );
}
