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

export function emailChangeMail(brand: string, to: string, firstName: string, link: string): Mail {
  return {
    to,
    link,
    subject: `Confirm your new e-mail address for ${brand}`,
    text: `Hello ${firstName},\n\nyou asked to use this address for your ${brand} account. Open this link to confirm it (valid for 24 hours):\n\n${link}\n\nUntil you do, your account keeps its old address. If you did not ask for this, ignore this mail.\n`,
  };
}

/** To the old address: it learns of the change before it happens, so the owner can act on a stolen account. */
export function emailChangeNotice(brand: string, to: string, firstName: string, newEmail: string): Mail {
  return {
    to,
    subject: `Your ${brand} e-mail address is being changed`,
    text: `Hello ${firstName},\n\nsomeone signed in to your ${brand} account asked to change its e-mail address to ${newEmail}. The change takes effect when the link sent to that address is opened.\n\nIf this was not you, change your password at once and contact support.\n`,
  };
}

/** To the owner of an address someone tried to register again (issue 30): registration itself says nothing. */
export function registerAttemptMail(
  brand: string,
  to: string,
  firstName: string,
  loginUrl: string,
  forgotUrl: string,
): Mail {
  return {
    to,
    subject: `Someone tried to register with your ${brand} address`,
    text: `Hello ${firstName},\n\nsomeone tried to register a ${brand} account with this e-mail address, which already has one. No new account was made and yours is unchanged.\n\nIf it was you, log in at ${loginUrl}, or choose a new password at ${forgotUrl}.\n\nIf it was not you, ignore this mail.\n`,
  };
}
