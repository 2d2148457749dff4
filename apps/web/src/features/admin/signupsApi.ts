/**
 * The admins' sign-up screen over HTTP: the mode and blocked domains, the requests to join (waiting or
 * rejected) and every invite as queries; saving, deciding and revoking as calls that answer the server's
 * message and then refresh the screen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Routes, type RouteDef, type SignupSettings } from '@sajha/contract';
import { i18n } from '../../i18n';
import { messages } from '../../i18n/prefs';
import { call, HttpError } from '../../lib/http';

export type RequestStatus = 'pending' | 'rejected';

export const signupKeys = {
  all: ['admin', 'signups'] as const,
  settings: ['admin', 'signups', 'settings'] as const,
  requests: (status: RequestStatus) => ['admin', 'signups', 'requests', status] as const,
  invites: ['admin', 'signups', 'invites'] as const,
};

async function answer<R extends RouteDef>(def: R) {
  const res = await call(def);
  if (!res.ok)
    throw new HttpError(res.status, { ...res.data, message: res.data.message ?? messages().Messages.server.internal });
  return res.data;
}

export function useSignupSettings() {
  return useQuery({
    queryKey: signupKeys.settings,
    queryFn: async () => (await answer(Routes.signupSettings)).settings,
  });
}

export function useSignupRequests(status: RequestStatus) {
  return useQuery({
    queryKey: signupKeys.requests(status),
    queryFn: async () =>
      (await answer({ ...Routes.signupRequests, path: `${Routes.signupRequests.path}?status=${status}` })).requests,
  });
}

export function useAllInvites() {
  return useQuery({ queryKey: signupKeys.invites, queryFn: async () => (await answer(Routes.allInvites)).invites });
}

/** What a call answered: done or refused, in the server's words; the link of an invite just made. */
export interface Outcome {
  ok: boolean;
  message: string;
  link?: string;
}

export function useSignupCalls() {
  const client = useQueryClient();
  const run = async (res: Promise<{ ok: boolean; data: { message?: string; invite?: { link: string } } }>) => {
    let outcome: Outcome;
    try {
      const { ok, data } = await res;
      const fallback = ok ? i18n.t('done', { ns: 'admin' }) : messages().Messages.server.internal;
      outcome = { ok, message: data.message ?? fallback, link: data.invite?.link };
    } catch {
      outcome = { ok: false, message: messages().Messages.server.internal };
    }
    await client.invalidateQueries({ queryKey: signupKeys.all });
    return outcome;
  };
  return {
    save: (settings: SignupSettings) => run(call(Routes.saveSignupSettings, { body: settings })),
    decide: (id: string, approve: boolean) => run(call(Routes.decideSignup, { params: { id }, body: { approve } })),
    createInvite: (days: number) => run(call(Routes.createInvite, { body: { days } })),
    revokeInvite: (code: string) => run(call(Routes.revokeInvite, { params: { code } })),
  };
}
