// /community/create and /community/edit/:communityId (role 1): the community form (product.md sections 2, 4
// and 5). Title, description, image (JPG/PNG; 2MB on create, 10MB on edit), visibility, managers (at least
// one, chosen from all users), members of a private community, and Draft/Published. Invalid forms scroll
// to the first error and send nothing; a failed save shows the server's message and per-field messages.
import { type CommunityDetail, MSG, PATHS, STATE, VISIBILITY } from '@hearth/contract';
import { Card, Form, Radio } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ColumnsForm, editFormPage, SaveBar, useSaveAndLeave, useUploading } from '../../lib/form-page';
import { StatusField } from '../../lib/status-field';
import { TitleDescriptionFields } from '../../lib/title-description-fields';
import { useAdminCommunity, useSaveCommunity } from './admin-api';
import { type CommunityFormValues, toCommunityBody } from './community-form-logic';
import { CommunityImageField } from './community-image-field';
import { UserPicker } from './user-picker';
import './admin-communities.css';

function initialValues(community: CommunityDetail | undefined): CommunityFormValues {
  if (!community) {
    return {
      title: '',
      description: '',
      visibilityId: VISIBILITY.PUBLIC,
      stateId: STATE.DRAFT,
      image: null,
      managers: [],
      users: [],
    };
  }
  const url = community.image?.sourceUrl ?? community.imageUrl;
  return {
    title: community.title,
    description: community.description,
    visibilityId: community.visibilityId === VISIBILITY.PRIVATE ? VISIBILITY.PRIVATE : VISIBILITY.PUBLIC,
    stateId: community.stateId === STATE.PUBLISHED ? STATE.PUBLISHED : STATE.DRAFT,
    image: community.image ? { id: community.image.id, url: url ?? community.image.sourceUrl } : null,
    managers: community.managers.map((u) => u.id),
    users: community.users.map((u) => u.id),
  };
}

function CommunityForm({ community }: { community?: CommunityDetail }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<CommunityFormValues>();
  const save = useSaveCommunity(community?.id);
  const [uploading, onBusyChange] = useUploading();
  const initial = useMemo(() => initialValues(community), [community]);
  const visibilityId = Form.useWatch('visibilityId', form) ?? initial.visibilityId;
  const editing = community !== undefined;

  const send = useSaveAndLeave(form, save, {
    message: editing ? MSG.communityUpdated : MSG.communityCreated,
    to: PATHS.adminCommunitiesList,
  });

  return (
    <ColumnsForm<CommunityFormValues>
      form={form}
      name="community"
      initialValues={initial}
      onFinish={(values) => send(toCommunityBody(values))}
      // Stays disabled after a save: the page may linger while the next one loads.
      disabled={save.isPending || save.isSuccess}
      main={
        <Card title="Community">
          <TitleDescriptionFields
            title={{ message: MSG.communityTitleRequired, maxLength: 200 }}
            description={{ message: MSG.communityDescriptionRequired, rows: 8 }}
          />
          <Form.Item label="Image" name="image">
            <CommunityImageField editing={editing} onBusyChange={onBusyChange} />
          </Form.Item>
        </Card>
      }
      side={
        <Card title="Publish" className="post-form-side">
          <StatusField />
          <Form.Item label="Visibility" name="visibilityId">
            <Radio.Group
              options={[
                { value: VISIBILITY.PUBLIC, label: 'Public' },
                { value: VISIBILITY.PRIVATE, label: 'Private' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="Managers"
            name="managers"
            rules={[{ required: true, type: 'array', min: 1, message: MSG.managerRequired }]}
            extra="Managers are members and may create and edit the community's posts."
          >
            <UserPicker known={community?.managers} />
          </Form.Item>
          {visibilityId === VISIBILITY.PRIVATE && (
            <Form.Item
              label="Members"
              name="users"
              extra="Only administrators add and remove the members of a private community."
            >
              <UserPicker known={community?.users} />
            </Form.Item>
          )}
          <SaveBar
            label={editing ? 'Update' : 'Create'}
            saving={save.isPending}
            disabled={uploading || save.isSuccess}
            uploading={uploading}
            onCancel={() => navigate(PATHS.adminCommunitiesList)}
            waitText="Saving is possible once the upload has finished."
          />
        </Card>
      }
    />
  );
}

export default editFormPage({
  param: 'communityId',
  titles: { create: 'Create Community', edit: 'Edit Community' },
  className: 'community-form-page',
  useRecord: useAdminCommunity,
  rows: 8,
  form: (c) => <CommunityForm key={c?.id} community={c} />,
});
