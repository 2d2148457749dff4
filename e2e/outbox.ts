/**
 * Reads the mail the server wrote to DATA_DIR/outbox (no SMTP_URL set). The files are what
 * nodemailer's streamTransport produces: RFC 5322 headers, usually a multipart/alternative body,
 * parts in 7bit, quoted-printable or base64. Parsed here by hand so tests depend on nothing else.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  /** Bare recipient address(es), comma separated: `ram@example.test`. */
  to: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded ('' when there is none). */
  html: string;
  file: string;
  /** When the server wrote it (ms since epoch, from the file name, which the mailer stamps). */
  sentAt: number;
}

interface MimeEntity {
  headers: Map<string, string>;
  body: string;
}

/** Splits a raw entity (read as latin1, so one char is one byte) into unfolded headers and body. */
function splitEntity(raw: string): MimeEntity {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | undefined {
  const re = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i');
  const m = re.exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

function latin1Bytes(s: string): Buffer {
  return Buffer.from(s, 'latin1');
}

export function decodeQuotedPrintable(s: string): Buffer {
  const joined = s.replace(/[ \t]*=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeText(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
export function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  return value
    .replace(/[\x80-\xff]+/g, (raw) => decodeText(latin1Bytes(raw)))
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(word, (_all, charset: string, enc: string, text: string) => {
      const bytes =
        enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeText(bytes, charset);
    });
}

function decodeBody(entity: MimeEntity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParam(entity.headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(entity.body)
      : encoding === 'base64'
        ? Buffer.from(entity.body.replace(/\s+/g, ''), 'base64')
        : latin1Bytes(entity.body);
  return decodeText(bytes, charset);
}

/** Every leaf part with its media type, walking nested multiparts. */
function leafParts(entity: MimeEntity): { type: string; text: string }[] {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const boundary = headerParam(contentType, 'boundary');
  if (!type.startsWith('multipart/') || !boundary) return [{ type, text: decodeBody(entity) }];
  const delimiter = `--${boundary}`;
  const chunks = entity.body.split(new RegExp(`(?:^|\\r?\\n)${escapeRegExp(delimiter)}`));
  // chunks[0] is the preamble; the one starting with '--' is the epilogue after the close delimiter.
  return chunks
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitEntity(chunk.replace(/^[ \t]*\r?\n/, ''))));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function addresses(value: string): string {
  const found = value.match(/[^\s<>,;"']+@[^\s<>,;"']+/g) ?? [];
  return found.map((a) => a.toLowerCase()).join(', ');
}

/** Parses one raw .eml as written by nodemailer. */
export function parseEml(raw: Buffer, file = ''): OutboxMail {
  const entity = splitEntity(raw.toString('latin1'));
  const parts = leafParts(entity);
  return {
    to: addresses(decodeHeader(entity.headers.get('to') ?? '')),
    subject: decodeHeader(entity.headers.get('subject') ?? ''),
    text: parts.find((p) => p.type === 'text/plain')?.text ?? '',
    html: parts.find((p) => p.type === 'text/html')?.text ?? '',
    file,
    sentAt: 0,
  };
}

/** `2025-01-02T03-04-05-678Z-to.eml` -> ms since epoch (the mailer's own stamp). */
function stampOf(name: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : undefined;
}

/** Every mail in DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const mail = parseEml(await readFile(file), file);
      mail.sentAt = stampOf(name) ?? (await stat(file)).mtimeMs;
      return mail;
    }),
  );
  return mails.sort((a, b) => a.sentAt - b.sentAt || a.file.localeCompare(b.file));
}

export interface WaitForMailOptions {
  /** Only mail written at or after this time (ms since epoch): take `Date.now()` before the action. */
  since?: number;
  subject?: string | RegExp;
}

/** Waits for mail to `to` and returns the newest such mail; throws naming what did arrive. */
export async function waitForMail(
  dataDir: string,
  to: string,
  timeoutMs = 10_000,
  opts: WaitForMailOptions = {},
): Promise<OutboxMail> {
  const address = to.toLowerCase();
  const matches = (m: OutboxMail): boolean =>
    m.to.split(', ').includes(address) &&
    m.sentAt >= (opts.since ?? 0) &&
    (opts.subject === undefined ||
      (typeof opts.subject === 'string' ? m.subject.includes(opts.subject) : opts.subject.test(m.subject)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await readOutbox(dataDir);
    const found = all.filter(matches).at(-1);
    if (found) return found;
    if (Date.now() >= deadline) {
      const seen = all.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none';
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (outbox has: ${seen})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
