/** The mail a member gets when an admin approves their request to join, in their language. */
import { catalogueFor, type Locale } from '@sajha/contract';
import { escapeHtml as escape } from '../../platform/html.js';
import type { Mail } from '../../platform/mail.js';

export function approvedMail(to: string, name: string, signinUrl: string, locale: Locale = 'en'): Mail {
  const texts = catalogueFor(locale).ServerTexts;
  const t = texts.mail;
  const a = t.approved;
  return {
    kind: 'signup-approved',
    to,
    subject: a.subject,
    hint: `sign in at ${signinUrl}`,
    text: `${t.greeting(name)}\n\n${a.line}\n\n${signinUrl}\n\n${t.signOff}\n${t.team}\n`,
    html: `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f6f5f3;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d1b1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:28px">
<tr><td><p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#b3261e">${texts.appName}</p>
<h1 style="margin:0 0 12px;font-size:20px">${escape(a.title)}</h1>
<p style="margin:0 0 16px">${a.greetingHtml(escape(name))} ${escape(a.line)}</p>
<p style="margin:0"><a href="${escape(signinUrl)}" style="display:inline-block;background:#b3261e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${a.button}</a></p>
</td></tr></table></td></tr></table></body></html>`,
  };
}
