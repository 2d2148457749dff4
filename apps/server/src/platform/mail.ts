/**
 * Mail through nodemailer. With SMTP_URL it sends; without it each mail is written as an .eml file
 * under DATA_DIR/outbox and its code or link is logged, so a local user can finish sign-up without
 * a mail server. (That log line exists only in outbox mode; with SMTP nothing secret is logged.)
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  /** What kind of mail this is, for logs: subjects may carry codes, so they are never logged. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The code or link a person needs from this mail; logged in outbox mode only. */
  hint?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly mode: 'smtp' | 'outbox';
  close(): void;
}

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        opts.log.info({ to: mail.to, kind: mail.kind }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(opts.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      // Time first so names sort by sending order; a random tail so two mails in one millisecond never collide.
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}-${safeTo}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      opts.log.info(
        { to: mail.to, kind: mail.kind, file, outboxHint: mail.hint },
        'mail written to outbox (no SMTP_URL set)',
      );
    },
    close: () => undefined,
  };
}
