// Screens of later issues: the route exists and the page names itself, the content follows.
import { Card, Empty } from 'antd';
import { PageHeader } from '../../lib/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="page">
      <PageHeader title={title} />
      <Card>
        <Empty description="This section is coming soon." />
      </Card>
    </section>
  );
}
