/** Account mails in the product's voice: plain text and a simple HTML twin. */
import { APP_NAME } from '@sajha/contract';
import { escapeHtml as escape } from '../../platform/html.js';
import type { Mail } from '../../platform/mail.js';

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f6f5f3;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d1b1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:28px">
<tr><td><p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#b3261e">${APP_NAME}</p>
<h1 style="margin:0 0 12px;font-size:20px">${escape(title)}</h1>${bodyHtml}
<p style="margin:24px 0 0;font-size:12px;color:#6b6663">You are receiving this because someone used this address on ${APP_NAME}. If it was not you, you can ignore this mail.</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** `again`: someone signed up anew with an address whose account still waits for verification. */
export function verificationMail(to: string, name: string, code: string, minutes: number, again = false): Mail {
  const title = 'Your verification code';
  const note = again
    ? `Someone just tried to sign up again with this address, which already has an account waiting for verification. If it was you, use this code and then sign in with the password you chose first (or reset it). If not, ignore this mail.`
    : '';
  return {
    kind: 'verification-code',
    to,
    subject: `${code} is your ${APP_NAME} verification code`,
    hint: `verification code ${code}`,
    text: `Namaste ${name},\n\n${note ? `${note}\n\n` : ''}Welcome to ${APP_NAME}! Enter this code to verify your email address:\n\n    ${code}\n\nThe code works for ${minutes} minutes.\n\nSee you inside,\nThe ${APP_NAME} team\n`,
    html: layout(
      title,
      `${note ? `<p style="margin:0 0 12px">${escape(note)}</p>` : ''}<p style="margin:0 0 12px">Namaste ${escape(name)}, welcome to ${APP_NAME}! Enter this code to verify your email address:</p>
<p style="margin:0 0 12px;font-size:32px;letter-spacing:6px;font-weight:700">${code}</p>
<p style="margin:0">The code works for ${minutes} minutes.</p>`,
    ),
  };
}

export function passwordResetMail(to: string, name: string, link: string, minutes: number): Mail {
  const title = 'Reset your password';
  return {
    kind: 'password-reset',
    to,
    subject: `Reset your ${APP_NAME} password`,
    hint: `password reset link ${link}`,
    text: `Namaste ${name},\n\nSomeone asked to reset the password of your ${APP_NAME} account. If it was you, open this link to choose a new one:\n\n${link}\n\nThe link works once, for ${minutes} minutes. If you did not ask, ignore this mail: your password stays as it is.\n\nThe ${APP_NAME} team\n`,
    html: layout(
      title,
      `<p style="margin:0 0 16px">Namaste ${escape(name)}, someone asked to reset the password of your ${APP_NAME} account. If it was you, choose a new one:</p>
<p style="margin:0 0 16px"><a href="${escape(link)}" style="display:inline-block;background:#b3261e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Choose a new password</a></p>
<p style="margin:0;font-size:13px;color:#6b6663">Or paste this link into your browser: ${escape(link)}<br>It works once, for ${minutes} minutes. If you did not ask, ignore this mail.</p>`,
    ),
  };
}

/**
 * To the owner of an address someone tried to sign up with (or asked a sign-up code for) although it
 * already has a verified account. The sign-up form itself answers as for a new address, so only the
 * owner of the mailbox learns the account exists.
 */
export function accountExistsMail(to: string, name: string, signInUrl: string): Mail {
  const title = 'Someone tried to sign up with your address';
  return {
    kind: 'account-exists',
    to,
    subject: `Someone tried to sign up to ${APP_NAME} with your address`,
    text: `Namaste ${name},\n\nSomeone just tried to create a ${APP_NAME} account with this email address, but you already have one. If it was you, sign in instead: ${signInUrl}\nForgot the password? Use "Forgot password" on that page.\n\nIf it was not you, you can ignore this mail: nothing was changed.\n\nThe ${APP_NAME} team\n`,
    html: layout(
      title,
      `<p style="margin:0 0 12px">Namaste ${escape(name)}, someone just tried to create a ${APP_NAME} account with this email address, but you already have one.</p>
<p style="margin:0 0 12px">If it was you, <a href="${escape(signInUrl)}">sign in</a> instead (or use "Forgot password" there).</p>
<p style="margin:0">If it was not you, you can ignore this mail: nothing was changed.</p>`,
    ),
  };
}
