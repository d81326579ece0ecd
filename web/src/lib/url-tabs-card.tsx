// A card of tabs whose open tab is kept in the address (`?tab=`, useUrlTab). A hidden tab's content is
// unmounted, so each tab loads its data when it is opened.
import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useUrlTab } from './use-url-tab';

type Tab = { key: string; label: string; children: ReactNode };

/** `defaultKey`: the tab open when the address names none (it leaves the address clean). */
export function UrlTabsCard({ tabs, defaultKey }: { tabs: Tab[]; defaultKey: string }) {
  const [active, onChange] = useUrlTab(
    tabs.map((t) => t.key),
    defaultKey,
  );
  return (
    <Card>
      <Tabs activeKey={active} onChange={onChange} destroyOnHidden items={tabs} />
    </Card>
  );
}
