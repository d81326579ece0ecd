// /password-change: open to every logged-in role, and the landing page of roles outside 1-3.
import { Card } from 'antd';
import { PageHeader } from '../../lib/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PasswordChangeForm } from '../../shared/account/password-change-form';

export default function PasswordChangePage() {
  useDocumentTitle('Change password');
  return (
    <section className="page">
      <PageHeader title="Change password" />
      <Card className="form-card">
        <PasswordChangeForm />
      </Card>
    </section>
  );
}
