// When the logged-out pages say that password sign-in is off (issue 19).
import { describe, expect, it } from 'vitest';
import { passwordOffFor, providerNames } from './sign-in-options';

describe('passwordOffFor', () => {
  const domains = { allowed: true, ssoOnlyDomains: ['group.example'] };
  it('is off for addresses of the listed domains only, once an address is typed', () => {
    expect(passwordOffFor(domains, ' Pat@Group.Example ')).toBe(true);
    expect(passwordOffFor(domains, 'pat@example.org')).toBe(false);
    expect(passwordOffFor(domains, 'group.example')).toBe(false);
    expect(passwordOffFor(domains, '')).toBe(false);
  });
  it('is off for everything when password sign-in is off everywhere, and on while the setting loads', () => {
    expect(passwordOffFor({ allowed: false, ssoOnlyDomains: [] }, '')).toBe(true);
    expect(passwordOffFor(undefined, 'pat@group.example')).toBe(false);
  });
});

it('names the providers in a sentence', () => {
  expect(providerNames([{ label: 'Corp ID' }, { label: 'Okta' }])).toBe('Corp ID or Okta');
});
