import { APP_NAME } from '@sajha/contract';
import { escapeHtml as escape } from '../../platform/html.js';
import type { Mail } from '../../platform/mail.js';

const wrap = (inner: string) =>
  `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d1b1a;background:#f6f5f3;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px"><p style="margin:0 0 12px;font-size:20px;font-weight:800;color:#b3261e">${APP_NAME}</p>${inner}
<p style="margin:20px 0 0;font-size:12px;color:#6b6663">Change which mails you get in Settings → Notifications.</p></div></body></html>`;

export function notificationMail(to: string, message: string, link: string): Mail {
  return {
    kind: 'notification',
    to,
    subject: `${APP_NAME}: ${message.slice(0, 90)}`,
    text: `${message}\n\nOpen ${APP_NAME}: ${link}\n\nChange which mails you get in Settings → Notifications.\n`,
    html: wrap(
      `<p style="margin:0 0 16px">${escape(message)}</p><p><a href="${escape(link)}">Open ${APP_NAME}</a></p>`,
    ),
  };
}

export function digestMail(to: string, name: string, items: { message: string; date: Date }[], link: string): Mail {
  const lines = items.map((i) => `• ${i.message}`).join('\n');
  return {
    kind: 'digest',
    to,
    subject: `Your ${APP_NAME} day: ${items.length} new notification${items.length === 1 ? '' : 's'}`,
    text: `Namaste ${name},\n\nHere is what happened on ${APP_NAME} since your last digest:\n\n${lines}\n\nOpen ${APP_NAME}: ${link}\n`,
    html: wrap(
      `<p style="margin:0 0 12px">Namaste ${escape(name)}, here is what happened since your last digest:</p><ul style="padding-left:18px">${items
        .map((i) => `<li style="margin:0 0 6px">${escape(i.message)}</li>`)
        .join('')}</ul><p><a href="${escape(link)}">Open ${APP_NAME}</a></p>`,
    ),
  };
}

/** The notices a burst kept from single mails, in one mail a few minutes later. */
export function rollupMail(to: string, name: string, items: { message: string; date: Date }[], link: string): Mail {
  const lines = items.map((i) => `• ${i.message}`).join('\n');
  return {
    kind: 'rollup',
    to,
    subject: `${APP_NAME}: ${items.length} new notification${items.length === 1 ? '' : 's'}`,
    text: `Namaste ${name},\n\nWhile you were away:\n\n${lines}\n\nOpen ${APP_NAME}: ${link}\n`,
    html: wrap(
      `<p style="margin:0 0 12px">Namaste ${escape(name)}, while you were away:</p><ul style="padding-left:18px">${items
        .map((i) => `<li style="margin:0 0 6px">${escape(i.message)}</li>`)
        .join('')}</ul><p><a href="${escape(link)}">Open ${APP_NAME}</a></p>`,
    ),
  };
}
