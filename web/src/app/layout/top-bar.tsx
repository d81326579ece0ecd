// Top bar of the logged-in pages: menu button (mobile), search (an icon on phones), notification bell
// (staff), name, appearance, settings, logout. On phones the last four are in the account menu behind the
// avatar (profile-menu.tsx, issue 33): the bar keeps one row of icons.
import {
  BellOutlined,
  LogoutOutlined,
  MenuOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { PATHS, ROLE } from '@hearth/contract';
import { Button, Layout, Space } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/logout';
import { useProfile } from '../../lib/session';
import { AccountAvatar, useAccountName } from './account-avatar';
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

// The phone's account menu, with antd's Dropdown: a chunk loaded when the avatar is first tapped (or
// hovered or focused, a moment before), never by desktops.
const loadProfileMenu = () => import('./profile-menu');
const ProfileMenu = lazy(loadProfileMenu);

/** Holds the bell's place while its chunk loads. */
function BellPlaceholder() {
  return <Button type="text" icon={<BellOutlined />} aria-label="Notifications" disabled />;
}

/** The avatar button before the account menu's code is loaded: the first tap loads it, opened. */
function AccountButton({ onOpen, busy = false }: { onOpen?: () => void; busy?: boolean }) {
  const name = useAccountName();
  return (
    <button
      type="button"
      className="top-bar-account"
      aria-label={`Account: ${name}`}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      onClick={onOpen}
      onPointerEnter={() => void loadProfileMenu()}
      onFocus={() => void loadProfileMenu()}
    >
      <AccountAvatar />
    </button>
  );
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
  // Ctrl+K (⌘K) is listened for here, with the layout, not in the box, whose code comes after the page:
  // pressed meanwhile, it was lost (and the browser's own Ctrl+K took it). The box takes the request when
  // it is there.
  const [searchFocusWanted, setSearchFocusWanted] = useState(false);
  useEffect(() => {
    if (!hasProfilePages) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'k') return;
      e.preventDefault();
      setSearchFocusWanted(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hasProfilePages]);
  const search = {
    text: searchText,
    onText: setSearchText,
    focusWanted: searchFocusWanted,
    onFocused: () => setSearchFocusWanted(false),
  };
  const [accountMenu, setAccountMenu] = useState(false);

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
        {isMobile &&
          (accountMenu ? (
            <Suspense fallback={<AccountButton busy />}>
              <ProfileMenu hasProfilePages={hasProfilePages} open />
            </Suspense>
          ) : (
            <AccountButton onOpen={() => setAccountMenu(true)} />
          ))}
        {!isMobile && (
          <>
            <AccountAvatar />
            <span className="text-strong top-bar-name" data-testid="user-first-name">
              {profile?.firstName}
            </span>
            <ColorModeMenu />
          </>
        )}
        {hasProfilePages && !isMobile && (
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label="Profile settings"
            onClick={() => navigate(PATHS.editProfile)}
          >
            <span className="top-bar-label">Profile settings</span>
          </Button>
        )}
        {!isMobile && (
          <Button
            type="text"
            icon={<LogoutOutlined />}
            aria-label="Log out"
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <span className="top-bar-label">Log out</span>
          </Button>
        )}
      </Space>
    </Layout.Header>
  );
}
