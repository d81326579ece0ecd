// Basic Settings of /edit-profile: avatar, name, e-mail, job title, location, department. A new e-mail address asks
// for the current password and takes effect only when the link mailed to it is opened (issue 13). Location
// and department change at most once every 30 days (ADR 037): the server refuses sooner on the location
// field, and the helper text says so, with the date when the last save told it.
import { MSG, PROFILE_GROUPS_CHANGE_DAYS, type User } from '@hearth/contract';
import { Alert, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/dates';
import { showFormError } from '../../lib/form-errors';
import { toastSuccess } from '../../lib/notify';
import { SubmitButton } from '../../lib/submit-button';
import { emailRules } from '../../shared/account/form-rules';
import { JobTitleField } from '../../shared/account/job-title-field';
import { NameFields } from '../../shared/account/name-fields';
import { GroupSelects, joinGroups, splitGroups } from '../../shared/people/group-selects';
import { useGroups } from '../../shared/people/groups';
import { useGroupsChangeableFrom, useUpdateProfile } from './api';
import { AvatarUpload } from './avatar-upload';

type BasicForm = {
  firstName: string;
  lastName: string;
  email: string;
  jobTitle?: string;
  location?: number;
  department?: number;
  currentPassword?: string;
};

const normalEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** The next change of location or department, when known and still ahead. */
const nextGroupsChange = (from: string | null | undefined) =>
  from && Date.parse(from) > Date.now() ? formatDate(from, 'dayTime') : undefined;

const groupsHelp = (from: string | null | undefined) => {
  const next = nextGroupsChange(from);
  return next
    ? `You can change your office location or department again from ${next}.`
    : `You can change your office location or department once every ${PROFILE_GROUPS_CHANGE_DAYS} days.`;
};

export function BasicSettingsForm({ user }: { user: User }) {
  const [form] = Form.useForm<BasicForm>();
  const navigate = useNavigate();
  const groups = useGroups();
  const update = useUpdateProfile();
  const current = splitGroups(user.groups);
  const groupsChangeableFrom = useGroupsChangeableFrom(user.id);

  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // The password field shows only while the e-mail differs from the saved one.
  const typedEmail = Form.useWatch('email', form);
  const emailChanging = typedEmail !== undefined && normalEmail(typedEmail) !== normalEmail(user.email);

  const onFinish = (values: BasicForm) => {
    const email = normalEmail(values.email);
    const changing = email !== normalEmail(user.email);
    const movingGroups = values.location !== current.location || values.department !== current.department;
    update.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        jobTitle: values.jobTitle?.trim() ?? '',
        // Location and department only: teams are the administrators' and the server keeps them.
        groups: joinGroups(values.location, values.department),
        ...(changing ? { currentPassword: values.currentPassword ?? '' } : {}),
      },
      {
        onSuccess: (saved) => {
          if (!saved.pendingEmail) {
            const next = movingGroups ? nextGroupsChange(saved.groupsChangeableFrom) : undefined;
            toastSuccess(next ? `${saved.message} ${groupsHelp(saved.groupsChangeableFrom)}` : saved.message);
            navigate('/profile');
            return;
          }
          // Stay here and say where the link went; the form shows the saved address until it is opened.
          setPendingEmail(saved.pendingEmail);
          form.setFieldsValue({ email: saved.email, currentPassword: undefined });
        },
        onError: (err) => showFormError(form, err, { groups: 'location' }),
      },
    );
  };

  return (
    <div className="form-card">
      <AvatarUpload firstName={user.firstName} lastName={user.lastName} src={user.profileImage} />
      <Form<BasicForm>
        noValidate
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
          jobTitle: user.jobTitle ?? '',
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
          <Input type="email" autoComplete="email" onChange={() => setPendingEmail(null)} />
        </Form.Item>
        {emailChanging && (
          <Form.Item
            label="Current password"
            name="currentPassword"
            extra="Needed to change your e-mail address."
            rules={[{ required: true, message: MSG.currentPasswordRequired }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        {pendingEmail && (
          <Alert
            type="info"
            showIcon
            role="status"
            style={{ marginBottom: 24 }}
            title={MSG.emailChangeSent}
            description={`Confirmation link sent to ${pendingEmail}.`}
          />
        )}
        <JobTitleField />
        <GroupSelects
          groups={groups.data}
          loading={groups.isLoading}
          locationExtra={groupsHelp(groupsChangeableFrom)}
        />
        <SubmitButton label="Save" saving={update.isPending} />
      </Form>
    </div>
  );
}
