import { describe, expect, it } from 'vitest';
import { ROLE } from './constants';
import { MSG } from './messages';
import { homeForRole } from './routes';
import { registerBody } from './schemas/auth';
import { adminUserCreate, adminUserUpdate } from './schemas/users';
import { isCompanyEmail, PASSWORD_PATTERN } from './validation';

describe('shared password pattern', () => {
  it.each([
    ['Passw0rd!', true],
    ['Aa1!aaaa', true],
    ['Aa1!aaa', false], // 7 characters
    ['password1!', false], // no uppercase
    ['PASSWORD1!', false], // no lowercase
    ['Password!!', false], // no digit
    ['Password11', false], // no special character
  ])('%s -> %s', (password, ok) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(ok);
  });
});

describe('company e-mail', () => {
  const domains = ['example.com', 'example.org'];
  it('matches the part after the last @, case-insensitively', () => {
    expect(isCompanyEmail('a@EXAMPLE.com', domains)).toBe(true);
    expect(isCompanyEmail('a@example.org', domains)).toBe(true);
    expect(isCompanyEmail('a@example.com.evil.net', domains)).toBe(false);
    expect(isCompanyEmail('a@evil@example.net', domains)).toBe(false);
    expect(isCompanyEmail('no-at-sign', domains)).toBe(false);
  });
});

describe('home page by role', () => {
  it('sends each role where product.md says, and others to the password page', () => {
    expect(homeForRole(ROLE.ADMIN)).toBe('/stats');
    expect(homeForRole(ROLE.STAFF)).toBe('/news');
    expect(homeForRole(ROLE.EDITOR)).toBe('/admin-feed-post-list');
    expect(homeForRole(7)).toBe('/password-change');
  });
});

describe('schemas carry the messages of product.md', () => {
  it('register lower-cases the e-mail', () => {
    const parsed = registerBody.parse({
      firstName: 'A',
      lastName: 'B',
      email: 'Mixed@Example.COM',
      password: 'Passw0rd!',
      phone: '1',
      groups: [1, 2],
    });
    expect(parsed.email).toBe('mixed@example.com');
  });

  it('admin forms: under 6 characters gets its own message; edit allows an empty password', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@example.com', roleId: 2 };
    const short = adminUserCreate.safeParse({ ...base, password: 'Ab1!' });
    expect(short.error?.issues[0]?.message).toBe(MSG.adminPasswordTooShort);
    const weak = adminUserCreate.safeParse({ ...base, password: 'abcdefgh' });
    expect(weak.error?.issues[0]?.message).toBe(MSG.passwordPattern);
    expect(adminUserUpdate.safeParse({ ...base, password: '' }).success).toBe(true);
    const noRole = adminUserCreate.safeParse({ ...base, roleId: undefined, password: 'Passw0rd!' });
    expect(noRole.error?.issues[0]?.message).toBe(MSG.roleRequired);
  });
});

// product.md section 5's table, word for word: the forms' tests (web/src/features/*/*.test.tsx) check
// that each rule shows its MSG entry, and this pins the entries to the table's text.
describe("the messages are product.md section 5's", () => {
  it.each([
    ['Login', MSG.loginEmailRequired, 'Please input your email!'],
    ['Login', MSG.passwordRequired, 'Please input your Password!'],
    ['Register', MSG.firstNameRequired, 'Please enter your First Name'],
    ['Register', MSG.lastNameRequired, 'Please enter your Last Name'],
    ['Register', MSG.emailInvalid, 'The input is not valid E-mail!'],
    ['Register', MSG.emailRequired, 'Please enter your E-mail'],
    ['Register', MSG.phoneRequired, 'Please enter your Phone Number'],
    ['Register', MSG.locationRequired, 'Please select a location'],
    ['Register', MSG.departmentRequired, 'Please select a department'],
    ['Register', MSG.confirmRequired, 'Please confirm your password!'],
    ['Register', MSG.passwordsDoNotMatch, 'Passwords do not match'],
    ['Register', MSG.notCompanyEmail, 'The entered e-mail is not a valid company e-mail address'],
    [
      'Shared password',
      MSG.passwordPattern,
      'Must contain at least one number and one uppercase and lowercase letter and one special character, and at least 8 or more characters',
    ],
    ['Admin user forms', MSG.adminPasswordTooShort, 'Password must be greater than 6 characters'],
    ['Admin user forms', MSG.roleRequired, 'Please select a role'],
    ['Password change', MSG.passwordsInconsistent, 'Two passwords that you enter is inconsistent.'],
  ])('%s: %s', (_form, message, text) => {
    expect(message).toBe(text);
  });
});
