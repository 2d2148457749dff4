/**
 * Account mails in the product's voice: plain text and a simple HTML twin, in the recipient's language
 * (their account's; a new account's is the one chosen at sign-up). The texts are the contract's
 * (`ServerTexts.mail`); the catalogue's own words are trusted, what a member typed (a name) is escaped.
 */
import { catalogueFor, type Locale } from '@sajha/contract';
import { escapeHtml as escape } from '../../platform/html.js';
import type { Mail } from '../../platform/mail.js';

function layout(locale: Locale, title: string, bodyHtml: string): string {
  const t = catalogueFor(locale).ServerTexts;
  return `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f6f5f3;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d1b1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:28px">
<tr><td><p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#b3261e">${t.appName}</p>
<h1 style="margin:0 0 12px;font-size:20px">${escape(title)}</h1>${bodyHtml}
<p style="margin:24px 0 0;font-size:12px;color:#6b6663">${t.mail.accountFooter}</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** `again`: someone signed up anew with an address whose account still waits for verification. */
export function verificationMail(
  to: string,
  name: string,
  code: string,
  minutes: number,
  again = false,
  locale: Locale = 'en',
): Mail {
  const t = catalogueFor(locale).ServerTexts.mail;
  const v = t.verification;
  const note = again ? v.again : '';
  return {
    kind: 'verification-code',
    to,
    subject: v.subject(code),
    hint: `verification code ${code}`,
    text: `${t.greeting(name)}\n\n${note ? `${note}\n\n` : ''}${v.enterCode}\n\n    ${code}\n\n${v.validFor(minutes)}\n\n${t.signOff}\n${t.team}\n`,
    html: layout(
      locale,
      v.title,
      `${note ? `<p style="margin:0 0 12px">${escape(note)}</p>` : ''}<p style="margin:0 0 12px">${v.enterCodeHtml(escape(name))}</p>
<p style="margin:0 0 12px;font-size:32px;letter-spacing:6px;font-weight:700">${code}</p>
<p style="margin:0">${v.validFor(minutes)}</p>`,
    ),
  };
}

export function passwordResetMail(
  to: string,
  name: string,
  link: string,
  minutes: number,
  locale: Locale = 'en',
): Mail {
  const t = catalogueFor(locale).ServerTexts.mail;
  const r = t.reset;
  return {
    kind: 'password-reset',
    to,
    subject: r.subject,
    hint: `password reset link ${link}`,
    text: `${t.greeting(name)}\n\n${r.intro}\n\n${link}\n\n${r.validFor(minutes)}\n\n${t.team}\n`,
    html: layout(
      locale,
      r.title,
      `<p style="margin:0 0 16px">${r.introHtml(escape(name))}</p>
<p style="margin:0 0 16px"><a href="${escape(link)}" style="display:inline-block;background:#b3261e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${r.button}</a></p>
<p style="margin:0;font-size:13px;color:#6b6663">${r.pasteLink(escape(link))}<br>${r.validForHtml(minutes)}</p>`,
    ),
  };
}

/**
 * To the owner of an address someone tried to sign up with (or asked a sign-up code for) although it
 * already has a verified account. The sign-up form itself answers as for a new address, so only the
 * owner of the mailbox learns the account exists.
 */
export function accountExistsMail(to: string, name: string, signInUrl: string, locale: Locale = 'en'): Mail {
  const t = catalogueFor(locale).ServerTexts.mail;
  const a = t.accountExists;
  return {
    kind: 'account-exists',
    to,
    subject: a.subject,
    text: `${t.greeting(name)}\n\n${a.tried} ${a.signInAt(signInUrl)}\n${a.forgot}\n\n${a.notYou}\n\n${t.team}\n`,
    html: layout(
      locale,
      a.title,
      `<p style="margin:0 0 12px">${a.triedHtml(escape(name))}</p>
<p style="margin:0 0 12px">${a.signInHtml(`<a href="${escape(signInUrl)}">${a.signInLink}</a>`)}</p>
<p style="margin:0">${a.notYou}</p>`,
    ),
  };
}
