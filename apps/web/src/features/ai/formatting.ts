/**
 * The assistant's formatting (part 2 §5): **bold**, *italic*, __underline__, ##heading##, newlines and
 * fenced code blocks with an optional language; also `inline code` and links. This only parses text into
 * a tree; the page renders the tree as React text nodes, so no HTML from a model ever becomes markup.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'underline'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; text: string; href: string; internal: boolean };

export type Block =
  | { type: 'code'; language: string; code: string }
  | { type: 'heading'; children: Inline[] }
  | { type: 'paragraph'; lines: Inline[][] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const FENCE = /```[ \t]*([\w+#.-]*)[^\n]*\n?([\s\S]*?)(?:\n?```|$)/g;

export function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let at = 0;
  for (const m of text.matchAll(FENCE)) {
    if (m.index > at) blocks.push(...parseProse(text.slice(at, m.index)));
    blocks.push({ type: 'code', language: (m[1] ?? '').toLowerCase(), code: m[2] ?? '' });
    at = m.index + m[0].length;
  }
  if (at < text.length) blocks.push(...parseProse(text.slice(at)));
  return blocks;
}

const HEADING = /^\s*(?:##(.+?)##|#{1,4}\s+(.+?))\s*$/;
/** A list item: "- text", "* text" or "1. text" (the help centre's steps, and a model's lists). */
const ITEM = /^\s*(?:([-*•])|(\d{1,2})[.)])\s+(.+)$/;

function parseProse(text: string): Block[] {
  const blocks: Block[] = [];
  let lines: Inline[][] = [];
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const flush = () => {
    if (lines.length) blocks.push({ type: 'paragraph', lines });
    if (list) blocks.push({ type: 'list', ...list });
    lines = [];
    list = null;
  };
  for (const line of text.replace(/^\n+|\n+$/g, '').split('\n')) {
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', children: parseInline((heading[1] ?? heading[2] ?? '').trim()) });
    } else if (!line.trim()) {
      flush();
    } else if (item) {
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push(parseInline(item[3]!));
    } else {
      if (list) flush();
      lines.push(parseInline(line));
    }
  }
  flush();
  return blocks;
}

/** Only our own pages and http(s) addresses become links; anything else (javascript:, data:) stays text. */
export function safeHref(href: string): { href: string; internal: boolean } | null {
  if (/^\/(?!\/)/.test(href)) return { href, internal: true };
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { href: url.href, internal: false } : null;
  } catch {
    return null;
  }
}

const INLINE: { re: RegExp; make: (m: RegExpExecArray) => Inline }[] = [
  { re: /`([^`\n]+)`/, make: (m) => ({ type: 'code', text: m[1]! }) },
  { re: /\*\*(.+?)\*\*/, make: (m) => ({ type: 'bold', children: parseInline(m[1]!) }) },
  { re: /__(.+?)__/, make: (m) => ({ type: 'underline', children: parseInline(m[1]!) }) },
  { re: /\*(?!\s)([^*]+?)\*/, make: (m) => ({ type: 'italic', children: parseInline(m[1]!) }) },
  {
    re: /\[([^\]\n]+)\]\(([^)\s]+)\)/,
    make: (m) => {
      const safe = safeHref(m[2]!);
      return safe ? { type: 'link', text: m[1]!, ...safe } : { type: 'text', text: m[0] };
    },
  },
  {
    // A bare page of ours, e.g. "Read more: /terms#contest".
    re: /(?<=^|[\s(])\/[a-z][a-z0-9-]*(?:\/[\w@-]+)*(?:#[\w-]+)?(?=$|[\s),;:!?]|\.(?:\s|$))/,
    make: (m) => ({ type: 'link', text: m[0], href: m[0], internal: true }),
  },
  {
    re: /https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/,
    make: (m) => {
      const safe = safeHref(m[0]);
      return safe ? { type: 'link', text: m[0], ...safe } : { type: 'text', text: m[0] };
    },
  },
];

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    let best: { index: number; length: number; node: Inline } | null = null;
    for (const { re, make } of INLINE) {
      const m = re.exec(rest);
      if (m && (!best || m.index < best.index)) best = { index: m.index, length: m[0].length, node: make(m) };
    }
    if (!best) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (best.index > 0) out.push({ type: 'text', text: rest.slice(0, best.index) });
    out.push(best.node);
    rest = rest.slice(best.index + best.length);
  }
  return out;
}
