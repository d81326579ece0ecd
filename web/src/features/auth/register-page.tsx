// /register (product.md section 2): account request with location and department; on success a panel asks the
// user to verify their e-mail, with a resend link.
import { MSG, REGISTERED_USER_TYPE } from '@hearth/contract';
import { Alert, Button, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showFormError } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CompanyEmailField } from '../../shared/account/company-email-field';
import { NameFields } from '../../shared/account/name-fields';
import { NewPasswordFields } from '../../shared/account/new-password-fields';
import { passwordOffFor, useSignInOptions } from '../../shared/account/sign-in-options';
import { GroupSelects } from '../../shared/people/group-selects';
import { useRegister, useRegisterGroups, useResendVerification } from './api';
import { AuthForm } from './auth-form';
import { SentPanel } from './sent-panel';
import { PasswordOffNote, SsoButtons, SsoOnlyCard } from './sso-buttons';

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
  return (
    <SentPanel
      email={email}
      card="Verify your e-mail"
      title="Check your inbox"
      text={`We have sent a verification link to ${email}. Open it to activate your account.`}
      resend={resend}
      resendLabel="Resend verification e-mail"
    />
  );
}

export default function RegisterPage() {
  useDocumentTitle('Register');
  const [form] = Form.useForm<RegisterForm>();
  const groups = useRegisterGroups();
  const register = useRegister();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // Addresses that must use the company sign-in (issue 19) get its button instead of an account here.
  const options = useSignInOptions();
  const typedEmail = Form.useWatch('email', form) ?? '';
  const providers = options.data?.providers ?? [];
  const setting = options.data?.passwordSignIn;

  if (registeredEmail) return <VerifyEmailPanel email={registeredEmail} />;
  if (providers.length && setting?.allowed === false)
    return <SsoOnlyCard title="Register" providers={providers} />;

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
    <AuthForm<RegisterForm>
      card={{
        title: 'Register',
        subtitle: 'Create your account with your company e-mail address.',
        wide: true,
      }}
      submit={{ label: 'Register', saving: register.isPending }}
      links={
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      }
      noValidate
      form={form}
      name="register"
      onFinish={onFinish}
    >
      <Row gutter={16}>
        <NameFields firstNameMessage={MSG.firstNameRequired} lastNameMessage={MSG.lastNameRequired} />
      </Row>
      <CompanyEmailField autoComplete="email" />
      {passwordOffFor(setting, typedEmail) && (
        <>
          <PasswordOffNote providers={providers} />
          <SsoButtons providers={providers} />
        </>
      )}
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
    </AuthForm>
  );
}
