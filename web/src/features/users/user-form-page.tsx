// /add-user and /edit-user/:userId (role 1). Users added here are created verified; on edit an empty
// password keeps the current one (product.md section 5).
import { MSG, type User } from '@hearth/contract';
import { Card, Col, Form, Input, Result, Row, Select, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { editFormPage, SaveBar, useSaveAndLeave } from '../../lib/form-page';
import { LoadingBlock } from '../../lib/query-states';
import { CompanyEmailField } from '../../shared/account/company-email-field';
import { adminPasswordRules } from '../../shared/account/form-rules';
import { JobTitleField } from '../../shared/account/job-title-field';
import { NameFields } from '../../shared/account/name-fields';
import { GroupSelects, joinGroups, splitGroups } from '../../shared/people/group-selects';
import { useGroups } from '../../shared/people/groups';
import { roleName } from '../../shared/people/role-names';
import { useUser } from '../../shared/people/user-query';
import { useCreateUser, useRoles, useUpdateUser } from './api';

type UserForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  jobTitle?: string;
  password?: string;
  roleId: number;
  location?: number;
  department?: number;
  isActive: boolean;
};

function UserFormCard({ user }: { user?: User }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<UserForm>();
  const roles = useRoles();
  const groups = useGroups();
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? 0);
  const isEdit = user !== undefined;
  const current = splitGroups(user?.groups ?? []);
  const done = { to: '/users', aliases: { groups: 'location' } };
  const sendNew = useSaveAndLeave(form, create, { ...done, message: MSG.userAdded });
  const sendUpdate = useSaveAndLeave(form, update, { ...done, message: MSG.userUpdated });

  const onFinish = (values: UserForm) => {
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim().toLowerCase(),
      phone: values.phone?.trim() ?? '',
      jobTitle: values.jobTitle?.trim() ?? '',
      roleId: values.roleId,
      groups: joinGroups(values.location, values.department, current.others),
      isActive: values.isActive ? 1 : 0,
    } as const;
    if (isEdit) {
      const password = values.password ? { password: values.password } : {};
      sendUpdate({ ...body, ...password });
    } else {
      sendNew({ ...body, password: values.password ?? '' });
    }
  };

  return (
    <Card>
      <Form<UserForm>
        noValidate
        form={form}
        layout="vertical"
        name="user-form"
        onFinish={onFinish}
        scrollToFirstError
        initialValues={{
          firstName: user?.firstName,
          lastName: user?.lastName,
          email: user?.email,
          phone: user?.phone ?? '',
          jobTitle: user?.jobTitle ?? '',
          roleId: user?.roles?.id ?? user?.role?.id,
          location: current.location,
          department: current.department,
          isActive: user ? user.isActive === 1 : true,
        }}
      >
        <Row gutter={16}>
          <NameFields
            firstNameMessage={MSG.firstNameRequired}
            lastNameMessage={MSG.lastNameRequired}
            ownName={false}
          />
          <Col xs={24} md={12}>
            <CompanyEmailField autoComplete="off" />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Phone number" name="phone">
              <Input type="tel" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <JobTitleField />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Password"
              name="password"
              rules={adminPasswordRules(!isEdit)}
              extra={isEdit ? 'Leave empty to keep the current password.' : undefined}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Role" name="roleId" rules={[{ required: true, message: MSG.roleRequired }]}>
              <Select
                placeholder="Select a role"
                loading={roles.isLoading}
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleName(r.id) }))}
                data-testid="select-role"
              />
            </Form.Item>
          </Col>
        </Row>
        <GroupSelects groups={groups.data} loading={groups.isLoading} />
        <Form.Item label="Active" name="isActive" valuePropName="checked">
          <Switch aria-label="Active" />
        </Form.Item>
        <SaveBar
          label="Save"
          saving={create.isPending || update.isPending}
          onCancel={() => navigate('/users')}
        />
      </Form>
    </Card>
  );
}

export default editFormPage({
  param: 'userId',
  titles: { create: 'Add User', edit: 'Edit User' },
  useRecord: useUser,
  notFound: <Result status="404" title="User not found" />,
  loading: <LoadingBlock rows={8} />,
  bodyClassName: 'form-card',
  form: (u) => <UserFormCard key={u?.id} user={u} />,
});
