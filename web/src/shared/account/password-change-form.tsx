// Old password, new password (shared pattern), confirm (product.md section 5, Password change). Used on
// /password-change and in the Password Settings tab of /edit-profile.
import { MSG, profileEndpoints, type UpdatePasswordBody } from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { call } from '../../lib/endpoint-client';
import { showFormError } from '../../lib/form-errors';
import { toastSuccess } from '../../lib/notify';
import { saveSession, useProfile } from '../../lib/session';
import { NewPasswordFields } from './new-password-fields';

/** The server revokes refresh tokens on a password change and answers a fresh session: keep it. */
function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: UpdatePasswordBody) => call(profileEndpoints.updatePassword, { body }),
    onSuccess: (profile) => {
      if (profile && typeof profile === 'object' && 'accessToken' in profile) saveSession(profile);
    },
  });
}

type PasswordForm = { oldPassword: string; password: string; confirm: string };

export function PasswordChangeForm({ onDone }: { onDone?: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const profile = useProfile();
  const update = useUpdatePassword();

  const onFinish = ({ oldPassword, password }: PasswordForm) => {
    if (!profile) return;
    update.mutate(
      { id: profile.id, oldPassword, password },
      {
        onSuccess: () => {
          toastSuccess(MSG.passwordUpdated);
          form.resetFields();
          onDone?.();
        },
        onError: (err) => showFormError(form, err),
      },
    );
  };

  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      name="password-change"
      onFinish={onFinish}
      scrollToFirstError
      className="form-card"
    >
      <Form.Item
        label="Old password"
        name="oldPassword"
        rules={[{ required: true, message: MSG.oldPasswordRequired }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields label="New password" mismatchMessage={MSG.passwordsInconsistent} />
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save
        </Button>
      </Form.Item>
    </Form>
  );
}
