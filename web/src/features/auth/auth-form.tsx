// The form of a logged-out page (register, forgot password, set a new password): in the auth card, the
// house layout, the fields, a submit button as wide as the form, and the links under it.
import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../lib/auth-card';
import { SubmitButton } from '../../lib/submit-button';

type Props<V> = FormProps<V> & {
  card: { title: string; subtitle: string; wide?: boolean };
  submit: { label: string; saving: boolean };
  /** Under the form; the way back to the login page unless given. */
  links?: ReactNode;
  children: ReactNode;
};

export function AuthForm<V>({ card, submit, links, children, ...props }: Props<V>) {
  return (
    <AuthCard {...card}>
      <Form<V> layout="vertical" scrollToFirstError {...props}>
        {children}
        <SubmitButton {...submit} block />
      </Form>
      <div className="auth-links">{links ?? <Link to="/login">Back to login</Link>}</div>
    </AuthCard>
  );
}
