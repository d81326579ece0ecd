// The navigation menu; the same component fills the desktop side bar and the mobile drawer. A list of
// links with antd's dark-menu look rather than antd's Menu, which brings its overflow, tooltip and popup
// engines (about 25 KB gzip) to every logged-in page.
// The list is one Tab stop (the current page's link; arrow keys, Home and End move inside it), so the
// top bar's bell is a few Tabs from the top of the page.
import { type KeyboardEvent, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { nextTabIndex } from '../../lib/light-tabs';
import { menuEntriesFor, selectedEntry } from './menu-items';
import './side-menu.css';

/** Down and Up move in this vertical list as Right and Left do in a tab bar; Home and End as there. */
const LIST_KEYS: Record<string, string> = {
  ArrowDown: 'ArrowRight',
  ArrowUp: 'ArrowLeft',
  Home: 'Home',
  End: 'End',
};

export function SideMenu({ roleId, onNavigate }: { roleId: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const entries = menuEntriesFor(roleId);
  const selected = selectedEntry(entries, pathname);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const selectedIndex = entries.findIndex((e) => e.path === selected);
  const stopIndex = selectedIndex >= 0 ? selectedIndex : 0;

  const onKeyDown = (event: KeyboardEvent) => {
    const key = LIST_KEYS[event.key];
    if (!key) return;
    const from = links.current.indexOf(document.activeElement as HTMLAnchorElement);
    const next = nextTabIndex(key, from < 0 ? stopIndex : from, entries.length);
    if (next === null) return;
    event.preventDefault();
    links.current[next]?.focus();
  };

  return (
    <ul className="side-menu" aria-label="Main menu" onKeyDown={onKeyDown}>
      {entries.map((entry, i) => {
        const current = entry.path === selected;
        return (
          <li key={entry.path}>
            <Link
              ref={(el) => {
                links.current[i] = el;
              }}
              to={entry.path}
              className={current ? 'side-menu-item selected' : 'side-menu-item'}
              aria-current={current ? 'page' : undefined}
              tabIndex={i === stopIndex ? 0 : -1}
              onClick={onNavigate}
            >
              {entry.icon}
              <span>{entry.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
