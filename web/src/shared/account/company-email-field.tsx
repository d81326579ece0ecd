// The E-mail field of the register and user forms: required, an address, and in one of the company's
// e-mail domains when the server names some (public config).
import { MSG } from '@hearth/contract';
import { Form, Input } from 'antd';
import { useConfig } from '../../lib/config';
import { companyEmailRule, emailRules } from './form-rules';

/** `autoComplete`: 'email' for the user's own address, 'off' when an admin types someone else's. */
export function CompanyEmailField({ autoComplete }: { autoComplete: 'email' | 'off' }) {
  const { companyEmailDomains } = useConfig();
  return (
    <Form.Item
      label="E-mail"
      name="email"
      rules={[...emailRules(MSG.emailRequired), companyEmailRule(companyEmailDomains)]}
    >
      <Input type="email" autoComplete={autoComplete} />
    </Form.Item>
  );
}
