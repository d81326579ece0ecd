// The navigation menu; the same component fills the desktop side bar and the mobile drawer.
import { Menu } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { menuEntriesFor, selectedEntry } from './menu-items';

export function SideMenu({ roleId, onNavigate }: { roleId: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = menuEntriesFor(roleId);
  const selected = selectedEntry(entries, pathname) ?? pathname;
  return (
    <Menu
      mode="inline"
      theme="dark"
      aria-label="Main menu"
      selectedKeys={[selected]}
      // The menu is one Tab stop: arrow keys move inside it and Enter opens the entry (antd's menu keyboard
      // model), so the top bar's bell is a few Tabs from the top of the page. The links stay for the mouse
      // (open in a new tab) but are not Tab stops of their own.
      onClick={({ key, domEvent }) => {
        if (!(domEvent.target instanceof Element && domEvent.target.closest('a'))) navigate(key);
        onNavigate?.();
      }}
      items={entries.map((entry) => ({
        key: entry.path,
        icon: entry.icon,
        label: (
          <Link to={entry.path} tabIndex={-1}>
            {entry.label}
          </Link>
        ),
      }))}
    />
  );
}
