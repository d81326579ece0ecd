// Text areas that grow with what is typed. The browser sizes them (CSS `field-sizing: content`, the
// `.grow-field` rule in grow-field.css) instead of antd's `autoSize`, which measures the field in layout
// effects and renders it twice more on mount and on every keystroke: on a phone the survey form spent
// about 90 ms of one long task there. Browsers without field-sizing show `minRows` lines and scroll.
import type { CSSProperties } from 'react';
import './grow-field.css';

export function growField(
  minRows: number,
  maxRows: number,
): { rows: number; className: string; style: CSSProperties } {
  return {
    rows: minRows,
    className: 'grow-field',
    style: { '--grow-min-rows': minRows, '--grow-max-rows': maxRows } as CSSProperties,
  };
}
