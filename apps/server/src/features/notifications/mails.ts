/**
 * Notification mails in the recipient's language (the contract's `ServerTexts.mail`). The notices they
 * list were composed in that language when they were made; a member's name is escaped, the catalogue's
 * own words are trusted.
 */
import { catalogueFor, type Locale } from '@sajha/contract';
import { escapeHtml as escape } from '../../platform/html.js';
import type { Mail } from '../../platform/mail.js';

const wrap = (locale: Locale, inner: string) => {
  const t = catalogueFor(locale).ServerTexts;
  return `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d1b1a;background:#f6f5f3;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px"><p style="margin:0 0 12px;font-size:20px;font-weight:800;color:#b3261e">${t.appName}</p>${inner}
<p style="margin:20px 0 0;font-size:12px;color:#6b6663">${t.mail.notificationsFooter}</p></div></body></html>`;
};

export function notificationMail(to: string, message: string, link: string, locale: Locale = 'en'): Mail {
  const t = catalogueFor(locale).ServerTexts.mail;
  return {
    kind: 'notification',
    to,
    subject: t.notification.subject(message.slice(0, 90)),
    text: `${message}\n\n${t.openAppAt(link)}\n\n${t.notificationsFooter}\n`,
    html: wrap(
      locale,
      `<p style="margin:0 0 16px">${escape(message)}</p><p><a href="${escape(link)}">${t.openApp}</a></p>`,
    ),
  };
}

const listHtml = (items: { message: string }[]) =>
  `<ul style="padding-left:18px">${items.map((i) => `<li style="margin:0 0 6px">${escape(i.message)}</li>`).join('')}</ul>`;

/** A mail that lists notices (the daily digest, or a burst's roll-up): its kind names its texts. */
function listMail(
  kind: 'digest' | 'rollup',
  to: string,
  name: string,
  items: { message: string; date: Date }[],
  link: string,
  locale: Locale,
): Mail {
  const t = catalogueFor(locale).ServerTexts.mail;
  const lines = items.map((i) => `• ${i.message}`).join('\n');
  return {
    kind,
    to,
    subject: t[kind].subject(items.length),
    text: `${t.greeting(name)}\n\n${t[kind].intro}\n\n${lines}\n\n${t.openAppAt(link)}\n`,
    html: wrap(
      locale,
      `<p style="margin:0 0 12px">${t[kind].introHtml(escape(name))}</p>${listHtml(items)}<p><a href="${escape(link)}">${t.openApp}</a></p>`,
    ),
  };
}

export function digestMail(
  to: string,
  name: string,
  items: { message: string; date: Date }[],
  link: string,
  locale: Locale = 'en',
): Mail {
  return listMail('digest', to, name, items, link, locale);
}

/** The notices a burst kept from single mails, in one mail a few minutes later. */
export function rollupMail(
  to: string,
  name: string,
  items: { message: string; date: Date }[],
  link: string,
  locale: Locale = 'en',
): Mail {
  return listMail('rollup', to, name, items, link, locale);
}
