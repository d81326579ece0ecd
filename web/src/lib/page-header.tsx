// The heading row of a logged-in page: its title (h1 for screen readers) and optional actions on the right.
// A plain h1 rather than antd's Typography.Title: Typography brings its editable and copyable parts (a
// text area, tooltips) to every page that shows a heading.
import type { ReactNode } from 'react';
import './page-header.css';

export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <h1 className="page-title">{title}</h1>
      {extra && <div className="page-header-extra">{extra}</div>}
    </div>
  );
}
