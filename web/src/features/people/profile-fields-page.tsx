// /profile-fields (administrators): which profile fields colleagues see on the People pages and mention
// cards (ADR 032). A person and administrators always see all of them; names and avatars always show. The
// anonymous surveys' smallest group (ADR 035) is set on this screen too.
import { MSG, PATHS, PROFILE_FIELDS, type ProfileField, type ProfileFieldsSetting } from '@hearth/contract';
import { Button, Card, Checkbox, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../lib/notify';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AnonymousSurveysSettingCard } from './anonymous-surveys-setting';
import { useProfileFieldsSetting, useSaveProfileFields } from './api';
import './people.css';

const LABELS: Record<ProfileField, string> = {
  email: 'Work e-mail',
  phone: 'Phone',
  jobTitle: 'Job title',
  location: 'Office location',
  department: 'Department',
};

export default function ProfileFieldsPage() {
  useDocumentTitle('Profile fields');
  const setting = useProfileFieldsSetting();
  const save = useSaveProfileFields();
  const [draft, setDraft] = useState<ProfileFieldsSetting | null>(null);
  useEffect(() => {
    if (setting.data) setDraft(setting.data);
  }, [setting.data]);

  let body = <Skeleton active paragraph={{ rows: 5 }} />;
  if (setting.isError) body = <LoadError error={setting.error} onRetry={() => setting.refetch()} />;
  else if (draft)
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(draft, {
            onSuccess: () => toastSuccess(MSG.profileFieldsSaved),
            onError: (err) => toastError(err),
          });
        }}
      >
        <fieldset className="profile-fields">
          <legend>Colleagues see</legend>
          {PROFILE_FIELDS.map((field) => (
            <Checkbox
              key={field}
              checked={draft[field]}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.checked })}
            >
              {LABELS[field]}
            </Checkbox>
          ))}
        </fieldset>
        <p className="person-empty">
          Names and pictures are always shown. People see all of their own fields.
        </p>
        <div className="profile-fields-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
          <Link to={PATHS.people}>Back to People</Link>
        </div>
      </form>
    );
  return (
    <section className="page profile-fields-page">
      <PageHeader title="Profile fields" />
      <Card>{body}</Card>
      <AnonymousSurveysSettingCard />
    </section>
  );
}
