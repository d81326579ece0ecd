// /register (SPEC section 2): account request with location and department; on success a panel asks the
// user to verify their e-mail, with a resend link.
import { MSG, REGISTERED_USER_TYPE } from '@hearth/contract';
import { Alert, Button, Form, Input, Result, Row } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config';
import { showFormError } from '../../lib/form-errors';
import { companyEmailRule, emailRules } from '../../lib/form-rules';
import { GroupSelects } from '../../lib/group-selects';
import { NameFields } from '../../lib/name-fields';
import { NewPasswordFields } from '../../lib/new-password-fields';
import { toastError, toastSuccess } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRegister, useRegisterGroups, useResendVerification } from './api';
import { AuthCard } from './auth-card';

type RegisterForm = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
  phone: string;
  location: number;
  department: number;
};

function VerifyEmailPanel({ email }: { email: string }) {
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(email, { onSuccess: () => toastSuccess(MSG.emailSent), onError: (err) => toastError(err) });
  return (
    <AuthCard title="Verify your e-mail">
      <Result
        status="success"
        title="Check your inbox"
        subTitle={`We have sent a verification link to ${email}. Open it to activate your account.`}
        extra={[
          <Button key="resend" onClick={onResend} loading={resend.isPending}>
            Resend verification e-mail
          </Button>,
          <Link key="login" to="/login">
            Back to login
          </Link>,
        ]}
      />
    </AuthCard>
  );
}

export default function RegisterPage() {
  useDocumentTitle('Register');
  const [form] = Form.useForm<RegisterForm>();
  const { companyEmailDomains } = useConfig();
  const groups = useRegisterGroups();
  const register = useRegister();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail) return <VerifyEmailPanel email={registeredEmail} />;

  const onFinish = (values: RegisterForm) => {
    const email = values.email.trim().toLowerCase();
    register.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        password: values.password,
        phone: values.phone.trim(),
        userTypeId: REGISTERED_USER_TYPE,
        groups: [values.location, values.department],
      },
      {
        onSuccess: () => setRegisteredEmail(email),
        onError: (err) => showFormError(form, err, { groups: 'location' }),
      },
    );
  };

  return (
    <AuthCard title="Register" subtitle="Create your account with your company e-mail address." wide>
      <Form<RegisterForm>
        noValidate
        form={form}
        layout="vertical"
        name="register"
        onFinish={onFinish}
        scrollToFirstError
      >
        <Row gutter={16}>
          <NameFields firstNameMessage={MSG.firstNameRequired} lastNameMessage={MSG.lastNameRequired} />
        </Row>
        <Form.Item
          label="E-mail"
          name="email"
          rules={[...emailRules(MSG.emailRequired), companyEmailRule(companyEmailDomains)]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Row gutter={16}>
          <NewPasswordFields label="Password" mismatchMessage={MSG.passwordsDoNotMatch} inColumns />
        </Row>
        <Form.Item
          label="Phone number"
          name="phone"
          rules={[{ required: true, whitespace: true, message: MSG.phoneRequired }]}
        >
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        {groups.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title="The office locations and departments could not be loaded."
            action={
              <Button size="small" onClick={() => groups.refetch()}>
                Try again
              </Button>
            }
          />
        )}
        <GroupSelects
          groups={groups.data}
          loading={groups.isLoading}
          locationRequired={MSG.locationRequired}
          departmentRequired={MSG.departmentRequired}
        />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={register.isPending}>
            Register
          </Button>
        </Form.Item>
      </Form>
      <div className="auth-links">
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      </div>
    </AuthCard>
  );
}
