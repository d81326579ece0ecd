// /add-user and /edit-user/:userId (role 1). Users added here are created verified; on edit an empty
// password keeps the current one (SPEC section 5).
import { MSG, type User } from '@hearth/contract';
import { Button, Card, Col, Form, Input, Result, Row, Select, Space, Switch } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useConfig } from '../../lib/config';
import { showFormError } from '../../lib/form-errors';
import { adminPasswordRules, companyEmailRule, emailRules } from '../../lib/form-rules';
import { GroupSelects, joinGroups, splitGroups } from '../../lib/group-selects';
import { NameFields } from '../../lib/name-fields';
import { toastSuccess } from '../../lib/notify';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { roleName } from '../../lib/role-names';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGroups } from '../groups/api';
import { useCreateUser, useRoles, useUpdateUser, useUser } from './api';

type UserForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  password?: string;
  roleId: number;
  location?: number;
  department?: number;
  isActive: boolean;
};

function UserFormCard({ user }: { user?: User }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<UserForm>();
  const { companyEmailDomains } = useConfig();
  const roles = useRoles();
  const groups = useGroups();
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? 0);
  const isEdit = user !== undefined;
  const current = splitGroups(user?.groups ?? []);

  const onFinish = (values: UserForm) => {
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim().toLowerCase(),
      phone: values.phone?.trim() ?? '',
      roleId: values.roleId,
      groups: joinGroups(values.location, values.department, current.others),
      isActive: values.isActive ? 1 : 0,
    } as const;
    const done = (text: string) => () => {
      toastSuccess(text);
      navigate('/users');
    };
    const onError = (err: unknown) => showFormError(form, err, { groups: 'location' });
    if (isEdit) {
      const password = values.password ? { password: values.password } : {};
      update.mutate({ ...body, ...password }, { onSuccess: done(MSG.userUpdated), onError });
    } else {
      create.mutate(
        { ...body, password: values.password ?? '' },
        { onSuccess: done(MSG.userAdded), onError },
      );
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
            <Form.Item
              label="E-mail"
              name="email"
              rules={[...emailRules(MSG.emailRequired), companyEmailRule(companyEmailDomains)]}
            >
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Phone number" name="phone">
              <Input type="tel" autoComplete="off" />
            </Form.Item>
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
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            Save
          </Button>
          <Button onClick={() => navigate('/users')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}

export default function UserFormPage() {
  const { userId } = useParams();
  const isEdit = userId !== undefined;
  const id = isEdit && /^\d+$/.test(userId) ? Number(userId) : undefined;
  const title = isEdit ? 'Edit User' : 'Add User';
  useDocumentTitle(title);
  const user = useUser(id);

  let body = <UserFormCard />;
  if (isEdit && id === undefined) body = <Result status="404" title="User not found" />;
  else if (isEdit && user.isError) body = <LoadError error={user.error} onRetry={() => user.refetch()} />;
  else if (isEdit && !user.data) body = <LoadingBlock rows={8} />;
  else if (isEdit && user.data) body = <UserFormCard key={user.data.id} user={user.data} />;

  return (
    <section className="page">
      <PageHeader title={title} />
      <div className="form-card">{body}</div>
    </section>
  );
}
