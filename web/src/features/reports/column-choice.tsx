// Which columns a report table shows (issue 33: at 1280 px the post activity table showed 4 of its 11
// columns and hid the rest behind a sideways scroll). By default every column that fits the width: on a
// window narrower than 1600 px the table leaves out the columns its page names; the reader can show or hide
// any of them, and the choice is kept in this browser.
import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';

const WIDE = '(min-width: 1600px)';
const storeKey = (table: string) => `hearth.columns.${table}`;

/** The key of a column: its `key`, else its `dataIndex`. */
const keyOf = (column: TableColumnsType<never>[number]): string =>
  String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));

function storedHidden(table: string): string[] | null {
  try {
    const value = JSON.parse(localStorage.getItem(storeKey(table)) ?? 'null');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * The columns to show, and the control that chooses them. `narrowHides`: the keys left out by default
 * below 1600 px.
 */
export function useColumnChoice<Row>(table: string, columns: TableColumnsType<Row>, narrowHides: string[]) {
  const wide = useMediaQuery(WIDE);
  const [chosen, setChosen] = useState<string[] | null>(() => storedHidden(table));
  const hidden = new Set(chosen ?? (wide ? [] : narrowHides));
  const shown = columns.filter((c) => !hidden.has(keyOf(c as TableColumnsType<never>[number])));
  const all = columns.map((c) => ({
    key: keyOf(c as TableColumnsType<never>[number]),
    title: String(c.title ?? ''),
  }));

  const choose = (visible: string[]) => {
    // One column at least: an empty table says nothing.
    if (visible.length === 0) return;
    const next = all.map((c) => c.key).filter((k) => !visible.includes(k));
    setChosen(next);
    localStorage.setItem(storeKey(table), JSON.stringify(next));
  };

  const panel = (
    <div className="column-choice-panel" role="dialog" aria-label="Columns">
      <Checkbox.Group
        className="column-choice-list"
        value={all.map((c) => c.key).filter((k) => !hidden.has(k))}
        onChange={(values) => choose(values as string[])}
        options={all.map((c) => ({ value: c.key, label: c.title }))}
      />
    </div>
  );

  const chooser = (
    <Dropdown popupRender={() => panel} trigger={['click']} placement="bottomRight">
      <Button icon={<TableOutlined aria-hidden />} aria-haspopup="dialog">
        Columns ({shown.length} of {columns.length})
      </Button>
    </Dropdown>
  );
  return { shown, chooser };
}
