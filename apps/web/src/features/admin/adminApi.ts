/**
 * The staff screens' server state over HTTP (the contract's /api/admin routes): the report queue, one
 * report, appeals, members and the audit log as queries; assigning, notes, actions and appeal decisions
 * as calls that answer the server's message and then refresh what they changed.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Routes, type ActionBody, type ReportKind, type RouteDef } from '@sajha/contract';
import { i18n } from '../../i18n';
import { messages } from '../../i18n/prefs';
import { HttpError, call } from '../../lib/http';
import type { AuditFilters, QueueFilters } from './filters';
import { staffMeKey } from './staffRole';

export const adminKeys = {
  all: ['admin'] as const,
  queue: (f: QueueFilters) => ['admin', 'queue', f] as const,
  report: (kind: string, id: string) => ['admin', 'report', kind, id] as const,
  appeals: ['admin', 'appeals'] as const,
  members: (q: string) => ['admin', 'members', q] as const,
  audit: (f: AuditFilters) => ['admin', 'audit', f] as const,
};

/** A GET route with a query string (`call` fills path parameters only; the query is encoded, so no `:`). */
export function withQuery<R extends RouteDef>(def: R, query: Record<string, string | number | undefined>): R {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, `${value}`);
  const qs = params.toString();
  return qs ? { ...def, path: `${def.path}?${qs}` } : def;
}

/** The answer, or an error carrying the server's message (shown by the screen). */
async function answer<R extends RouteDef>(def: R, params?: Record<string, string>) {
  const res = await call(def, { params });
  if (!res.ok)
    throw new HttpError(res.status, { ...res.data, message: res.data.message ?? messages().Messages.server.internal });
  return res.data;
}

export function useQueue(filters: QueueFilters) {
  return useQuery({
    queryKey: adminKeys.queue(filters),
    queryFn: async () =>
      (
        await answer(
          withQuery(Routes.staffQueue, {
            status: filters.status,
            reason: filters.reason,
            kind: filters.kind,
            olderThanHours: filters.olderThanHours,
          }),
        )
      ).groups,
    placeholderData: keepPreviousData,
  });
}

export function useReport(kind: string, id: string) {
  return useQuery({ queryKey: adminKeys.report(kind, id), queryFn: () => answer(Routes.staffReport, { kind, id }) });
}

export function useAppeals() {
  return useQuery({ queryKey: adminKeys.appeals, queryFn: async () => (await answer(Routes.staffAppeals)).appeals });
}

export function useStaffMembers(q: string) {
  return useQuery({
    queryKey: adminKeys.members(q),
    queryFn: async () => (await answer(withQuery(Routes.staffMembers, { q }))).members,
    placeholderData: keepPreviousData,
  });
}

export function useAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: async () => (await answer(withQuery(Routes.staffAudit, { ...filters }))).entries,
    placeholderData: keepPreviousData,
  });
}

/** What a staff call answered: done or refused, with the server's words either way. */
export interface Outcome {
  ok: boolean;
  message: string;
}

async function outcome(res: Promise<{ ok: boolean; data: { message?: string } }>): Promise<Outcome> {
  try {
    const { ok, data } = await res;
    return {
      ok,
      message: data.message ?? (ok ? i18n.t('done', { ns: 'admin' }) : messages().Messages.server.internal),
    };
  } catch {
    return { ok: false, message: messages().Messages.server.internal };
  }
}

/** Staff calls that change something, each refreshing the staff screens afterwards. */
export function useStaffCalls() {
  const client = useQueryClient();
  const run = async (res: Promise<{ ok: boolean; data: { message?: string } }>) => {
    const done = await outcome(res);
    // Whatever staff read may have changed: refetch it (the screens are small). Not 'me': staff cannot
    // change their own role.
    await client.invalidateQueries({
      predicate: (q) => q.queryKey[0] === adminKeys.all[0] && q.queryKey[1] !== staffMeKey[1],
    });
    return done;
  };
  return {
    act: (body: ActionBody) => run(call(Routes.staffAction, { body })),
    assign: (kind: ReportKind, id: string) => run(call(Routes.staffAssign, { params: { kind, id } })),
    note: (kind: ReportKind, id: string, text: string) =>
      run(call(Routes.staffNote, { params: { kind, id }, body: { text } })),
    decideAppeal: (id: string, reverse: boolean, reason: string) =>
      run(call(Routes.staffDecideAppeal, { params: { id }, body: { reverse, reason } })),
  };
}
