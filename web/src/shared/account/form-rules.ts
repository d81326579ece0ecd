// antd Form rules built from the contract's patterns and messages (product.md section 5), shared by the
// account forms: e-mail, company domain, new password and its confirmation, the admin's password.
import { EMAIL_PATTERN, isCompanyEmail, LIMITS, MSG, PASSWORD_PATTERN } from '@hearth/contract';
import type { FormRule } from 'antd';

export function emailRules(requiredMessage: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: requiredMessage },
    { pattern: EMAIL_PATTERN, message: MSG.emailInvalid },
  ];
}

/** Company domains come from /v1/config; until it answers the server is left to judge. */
export function companyEmailRule(domains: readonly string[]): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !EMAIL_PATTERN.test(value.trim()) || domains.length === 0) return;
      if (!isCompanyEmail(value.trim(), domains)) throw new Error(MSG.notCompanyEmail);
    },
  };
}

export const strongPasswordRules: FormRule[] = [
  { required: true, message: MSG.passwordRequired },
  { pattern: PASSWORD_PATTERN, message: MSG.passwordPattern },
];

/** Admin user forms: under 6 characters has its own message, then the shared pattern applies. */
export function adminPasswordRules(required: boolean): FormRule[] {
  return [
    { required, message: MSG.passwordRequired },
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return;
        if (value.length < LIMITS.adminPasswordMinLength) throw new Error(MSG.adminPasswordTooShort);
        if (!PASSWORD_PATTERN.test(value)) throw new Error(MSG.passwordPattern);
      },
    },
  ];
}

/** The confirm field must repeat `passwordField`. */
export function confirmRules(
  passwordField: string,
  requiredMessage: string,
  mismatchMessage: string,
): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (!value || getFieldValue(passwordField) === value) return;
        throw new Error(mismatchMessage);
      },
    }),
  ];
}
