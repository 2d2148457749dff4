/**
 * Panel grouping (part 1 §2): Today, Yesterday, This Week, This Month, Earlier; empty groups hidden.
 * A group is named by its key in the notifications catalogue (`groups.{name}`).
 */
import type { NotificationDto } from '@sajha/contract';

export const GROUPS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'earlier'] as const;
export type GroupName = (typeof GROUPS)[number];

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function groupOf(date: Date, now: Date): GroupName {
  const today = startOfDay(now);
  const day = startOfDay(date);
  if (day >= today) return 'today';
  if (day >= today - 86_400_000) return 'yesterday';
  if (day > today - 7 * 86_400_000) return 'thisWeek';
  if (date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth()) return 'thisMonth';
  return 'earlier';
}

export function groupNotifications(
  items: NotificationDto[],
  now = new Date(),
): { name: GroupName; items: NotificationDto[] }[] {
  const buckets = new Map<GroupName, NotificationDto[]>();
  for (const n of items) {
    const g = groupOf(new Date(n.date), now);
    buckets.set(g, [...(buckets.get(g) ?? []), n]);
  }
  return GROUPS.filter((g) => buckets.has(g)).map((name) => ({ name, items: buckets.get(name)! }));
}

/** Splits text into plain parts and @mentions (letters, digits, dot, underscore). */
export function splitMentions(text: string): { text: string; handle?: string }[] {
  const parts: { text: string; handle?: string }[] = [];
  const re = /@([A-Za-z0-9_.]*[A-Za-z0-9_])/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index;
    if (at > 0 && /[\w.]/.test(text[at - 1]!)) continue; // an email address, not a mention
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: m[0], handle: m[1]! });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
