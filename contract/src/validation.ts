// Rules shared by the web forms and the server (product.md section 5).

/** At least 8 characters with a digit, an uppercase letter, a lowercase letter and a special character. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,}$/;

/** Pragmatic e-mail shape check; the server lower-cases before storing. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the part after the last @ is one of the company domains (case-insensitive). */
export function isCompanyEmail(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return domains.some((d) => d.toLowerCase() === domain);
}
