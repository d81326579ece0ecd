// /edit-profile (product.md section 2): tabs Basic Settings and Password Settings; saving returns to
// /profile.
import { Card, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PasswordChangeForm } from '../../shared/account/password-change-form';
import { useUser } from '../../shared/people/user-query';
import { BasicSettingsForm } from './basic-settings-form';

export default function EditProfilePage() {
  useDocumentTitle('Edit profile');
  const session = useProfile();
  const navigate = useNavigate();
  const user = useUser(session?.id);

  let basic = <LoadingBlock rows={6} />;
  if (user.isError) basic = <LoadError error={user.error} onRetry={() => user.refetch()} />;
  else if (user.data) basic = <BasicSettingsForm key={user.data.id} user={user.data} />;

  return (
    <section className="page">
      <PageHeader title="Edit profile" />
      <Card>
        <Tabs
          items={[
            { key: 'basic', label: 'Basic Settings', children: basic },
            {
              key: 'password',
              label: 'Password Settings',
              children: <PasswordChangeForm onDone={() => navigate('/profile')} />,
            },
          ]}
        />
      </Card>
    </section>
  );
}
