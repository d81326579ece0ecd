// The navigation menu; the same component fills the desktop side bar and the mobile drawer.
import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { menuEntriesFor, selectedEntry } from './menu-items';

export function SideMenu({ roleId, onNavigate }: { roleId: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const entries = menuEntriesFor(roleId);
  const selected = selectedEntry(entries, pathname) ?? pathname;
  return (
    <Menu
      mode="inline"
      theme="dark"
      aria-label="Main menu"
      selectedKeys={[selected]}
      onClick={onNavigate}
      items={entries.map((entry) => ({
        key: entry.path,
        icon: entry.icon,
        label: <Link to={entry.path}>{entry.label}</Link>,
      }))}
    />
  );
}
