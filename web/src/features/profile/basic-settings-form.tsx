// Basic Settings of /edit-profile: avatar, name, e-mail, location, department.
import { MSG, type User } from '@hearth/contract';
import { Button, Form, Input, Row } from 'antd';
import { useNavigate } from 'react-router';
import { showFormError } from '../../lib/form-errors';
import { emailRules } from '../../lib/form-rules';
import { GroupSelects, joinGroups, splitGroups } from '../../lib/group-selects';
import { NameFields } from '../../lib/name-fields';
import { toastSuccess } from '../../lib/notify';
import { useGroups } from '../groups/api';
import { useUpdateProfile } from './api';
import { AvatarUpload } from './avatar-upload';

type BasicForm = {
  firstName: string;
  lastName: string;
  email: string;
  location?: number;
  department?: number;
};

export function BasicSettingsForm({ user }: { user: User }) {
  const [form] = Form.useForm<BasicForm>();
  const navigate = useNavigate();
  const groups = useGroups();
  const update = useUpdateProfile();
  const current = splitGroups(user.groups);

  const onFinish = (values: BasicForm) =>
    update.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim().toLowerCase(),
        groups: joinGroups(values.location, values.department, current.others),
      },
      {
        onSuccess: () => {
          toastSuccess(MSG.profileUpdated);
          navigate('/profile');
        },
        onError: (err) => showFormError(form, err, { groups: 'location' }),
      },
    );

  return (
    <div className="form-card">
      <AvatarUpload firstName={user.firstName} lastName={user.lastName} src={user.profileImage} />
      <Form<BasicForm>
        form={form}
        layout="vertical"
        name="basic-settings"
        onFinish={onFinish}
        scrollToFirstError
        style={{ marginTop: 24 }}
        initialValues={{
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          location: current.location,
          department: current.department,
        }}
      >
        <Row gutter={16}>
          <NameFields
            firstNameMessage={MSG.profileFirstNameRequired}
            lastNameMessage={MSG.profileLastNameRequired}
          />
        </Row>
        <Form.Item label="E-mail" name="email" rules={emailRules(MSG.profileEmailRequired)}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <GroupSelects groups={groups.data} loading={groups.isLoading} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            Save
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
