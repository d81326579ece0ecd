// The texts of the mails the auth feature sends.
import type { Mail } from '../../platform/mail';

export function verifyMail(brand: string, to: string, firstName: string, link: string): Mail {
  return {
    to,
    link,
    subject: `Verify your e-mail address for ${brand}`,
    text: `Hello ${firstName},\n\nplease confirm your e-mail address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not register, ignore this mail.\n`,
  };
}

export function resetMail(brand: string, to: string, firstName: string, link: string): Mail {
  return {
    to,
    link,
    subject: `Reset your ${brand} password`,
    text: `Hello ${firstName},\n\nyou can choose a new password by opening this link (valid for 1 hour):\n\n${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
  };
}
