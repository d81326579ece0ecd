// A tab bar with antd's look and the WAI-ARIA tabs pattern (one Tab stop, arrow keys, Home and End), for
// staff pages whose tabs never overflow: antd's Tabs brings its overflow menu (a dropdown, a menu and
// their popup engine, about 25 KB gzip) to the news page. Only the open tab's panel is mounted.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './light-tabs.css';

export type LightTab = { key: string; label: string; children: ReactNode };

type Props = {
  items: LightTab[];
  activeKey: string;
  onChange: (key: string) => void;
  label?: string;
  /** Shown at the end of the tab bar, outside the tab list (a count, a link). */
  extra?: ReactNode;
};

/** The tab a key press moves to, or null when the key is not a tab key. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function LightTabs({ items, activeKey, onChange, label, extra }: Props) {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((t) => t.key === activeKey),
  );
  const active = items[activeIndex];

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextTabIndex(event.key, activeIndex, items.length);
    const target = next === null ? undefined : items[next];
    if (!target || next === null) return;
    event.preventDefault();
    onChange(target.key);
    tabs.current[next]?.focus();
  };

  const nav = (
    <div className="light-tabs-nav" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((tab, i) => {
        const selected = i === activeIndex;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'light-tab active' : 'light-tab'}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );

  return (
    <div className="light-tabs">
      {extra ? (
        <div className="light-tabs-bar">
          {nav}
          <div className="light-tabs-extra">{extra}</div>
        </div>
      ) : (
        nav
      )}
      {active && (
        <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active.key}`}>
          {active.children}
        </div>
      )}
    </div>
  );
}
