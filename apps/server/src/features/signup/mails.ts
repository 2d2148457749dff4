/** The mail a member gets when an admin approves their request to join. */
import { APP_NAME } from '@sajha/contract';
import { escapeHtml as escape } from '../../platform/html.js';
import type { Mail } from '../../platform/mail.js';

export function approvedMail(to: string, name: string, signinUrl: string): Mail {
  const title = `Welcome to ${APP_NAME}`;
  const line = `Your request to join ${APP_NAME} was approved. You can sign in now with your email and password.`;
  return {
    kind: 'signup-approved',
    to,
    subject: `You can now sign in to ${APP_NAME}`,
    hint: `sign in at ${signinUrl}`,
    text: `Namaste ${name},\n\n${line}\n\n${signinUrl}\n\nSee you inside,\nThe ${APP_NAME} team\n`,
    html: `<!doctype html><html><body style="margin:0;background:#f6f5f3;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d1b1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:28px">
<tr><td><p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#b3261e">${APP_NAME}</p>
<h1 style="margin:0 0 12px;font-size:20px">${escape(title)}</h1>
<p style="margin:0 0 16px">Namaste ${escape(name)}. ${escape(line)}</p>
<p style="margin:0"><a href="${escape(signinUrl)}" style="display:inline-block;background:#b3261e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Sign in</a></p>
</td></tr></table></td></tr></table></body></html>`,
  };
}
