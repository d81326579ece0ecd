// The heading row of a logged-in page: its title (h1 for screen readers) and optional actions on the right.
import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      {extra && <div className="page-header-extra">{extra}</div>}
    </div>
  );
}
