/**
 * Members' text with its links: web addresses open in a new tab, #hashtags go to /tag/{name} and
 * @usernames to the member's profile. Hashtags follow the contract's `hashtagsOf` (the server indexes
 * the same ones), mentions the server's mention pattern, and nothing inside a web address is a tag or
 * a mention ("https://x.np/#top", "a@b.np").
 */
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import Link, { type LinkProps } from '@mui/material/Link';

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'url'; text: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/**
 * `hashtagsOf`'s pattern (packages/contract/src/search.ts): '#' not inside a word, a URL or an entity.
 * The character before is only looked at, not taken, so one link never hides the next ("#नमस्ते@ram").
 */
const TAG = String.raw`(?<=^|[^\p{L}\p{M}\p{N}_/&#])#([\p{L}\p{M}\p{N}_]{1,50})(?![\p{L}\p{M}\p{N}_])`;
/** The server's mention pattern: '@' not inside a word or an e-mail address. */
const MENTION = String.raw`(?<=^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{1,30})`;
const TAG_OR_MENTION = new RegExp(`${TAG}|${MENTION}`, 'gu');
/** "#1" or "#2024" is a number, not a topic. */
const NUMBER_ONLY = /^[\p{N}_]+$/u;

/** The path of a hashtag's page (tags are matched lower-cased). */
export const tagPath = (tag: string) => `/tag/${encodeURIComponent(tag.normalize('NFC').toLowerCase())}`;
/** The path of a member's profile. */
export const profilePath = (username: string) => `/u/@${username}`;

function pushText(out: Segment[], text: string): void {
  if (!text) return;
  const last = out.at(-1);
  if (last?.kind === 'text') last.text += text;
  else out.push({ kind: 'text', text });
}

function tagsAndMentions(text: string, out: Segment[]): void {
  let at = 0;
  for (const m of text.matchAll(TAG_OR_MENTION)) {
    const start = m.index;
    pushText(out, text.slice(at, start));
    at = start + m[0].length;
    if (m[1] !== undefined) {
      if (NUMBER_ONLY.test(m[1])) pushText(out, m[0]);
      else out.push({ kind: 'tag', text: m[0], tag: m[1].toLowerCase() });
      continue;
    }
    // A sentence may end right after a name: "thanks @ram." mentions "ram".
    const username = (m[2] ?? '').replace(/\.+$/, '');
    if (!username) {
      pushText(out, m[0]);
      continue;
    }
    out.push({ kind: 'mention', text: `@${username}`, username });
    pushText(out, m[0].slice(1 + username.length));
  }
  pushText(out, text.slice(at));
}

/** The text cut into plain runs and links, in order; joined back they give the (NFC) text. */
export function segmentsOf(raw: string): Segment[] {
  const text = raw.normalize('NFC');
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    tagsAndMentions(text.slice(at, m.index), out);
    out.push({ kind: 'url', text: m[0] });
    at = m.index + m[0].length;
  }
  tagsAndMentions(text.slice(at), out);
  return out;
}

/** A member's text with its links; `color` is the links' colour ('inherit' over a picture). */
export function RichText({ text, color }: { text: string; color?: LinkProps['color'] }) {
  return (
    <>
      {segmentsOf(text).map((s, i) => {
        switch (s.kind) {
          case 'text':
            return <Fragment key={i}>{s.text}</Fragment>;
          case 'url':
            return (
              <Link
                key={i}
                href={s.text}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                color={color}
                sx={{ wordBreak: 'break-all' }}
              >
                {s.text}
              </Link>
            );
          case 'tag':
            return (
              <Link key={i} component={RouterLink} to={tagPath(s.tag)} color={color} data-hashtag={s.tag}>
                {s.text}
              </Link>
            );
          case 'mention':
            return (
              <Link key={i} component={RouterLink} to={profilePath(s.username)} color={color}>
                {s.text}
              </Link>
            );
        }
      })}
    </>
  );
}
