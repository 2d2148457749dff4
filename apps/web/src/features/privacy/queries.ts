/**
 * Privacy's server state (issue 38), over HTTP:
 *
 *   ['privacy', 'settings']   the member's settings (GET /api/settings/privacy; PATCH saves a part)
 *   ['privacy', 'requests']   who asked to follow the member (GET /api/follow-requests)
 *
 * A saved setting also goes into the signed-in member (`CurrentUser`), which the create dialogs read
 * for their defaults and the sensitive-media veil for `showSensitive`: they follow at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Events,
  type CurrentUser,
  type FollowRequestDto,
  type PrivacySettings,
  type PrivacyUpdate,
} from '@sajha/contract';
import { useCurrentUser, useUpdateCurrentUser } from '../../lib/auth';
import { call, Routes } from '../../lib/routesClient';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';

export const privacyKeys = {
  settings: ['privacy', 'settings'] as const,
  requests: ['privacy', 'requests'] as const,
};

/** A refused or failed request, with the server's words (already in the page's language) when it gave some. */
export class PrivacyRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? `privacy request failed: ${status}`);
  }
}

const refusal = (status: number, message: unknown) =>
  new PrivacyRequestError(status, typeof message === 'string' && message ? message : undefined);

export async function fetchPrivacySettings(): Promise<PrivacySettings> {
  const res = await call(Routes.privacySettings);
  if (!res.ok) throw refusal(res.status, res.data.message);
  return res.data.settings;
}

export function usePrivacySettings() {
  return useQuery({ queryKey: privacyKeys.settings, queryFn: fetchPrivacySettings });
}

/** The parts of the settings the signed-in member carries (CurrentUser). */
export const userFieldsOf = (s: PrivacySettings): Partial<CurrentUser> => ({
  privateAccount: s.privateAccount,
  defaultAudience: s.defaultAudience,
  defaultReplies: s.defaultReplies,
  showSensitive: s.showSensitive,
});

/**
 * Saves a change as soon as it is made: the screen shows it at once, the server's answer (its
 * settings) replaces the guess, and a refusal puts the last saved settings back with the server's words.
 */
export function useSavePrivacy() {
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation('privacy');
  const updateUser = useUpdateCurrentUser();
  return useMutation({
    mutationKey: ['privacy', 'save'],
    mutationFn: async (update: PrivacyUpdate) => {
      const res = await call(Routes.updatePrivacy, { body: update });
      if (!res.ok) throw refusal(res.status, res.data.message);
      return res.data;
    },
    onMutate: async (update) => {
      await client.cancelQueries({ queryKey: privacyKeys.settings });
      const before = client.getQueryData<PrivacySettings>(privacyKeys.settings);
      if (before) client.setQueryData<PrivacySettings>(privacyKeys.settings, { ...before, ...update });
      return { before };
    },
    onError: (error, _update, context) => {
      if (context?.before) client.setQueryData(privacyKeys.settings, context.before);
      const message = error instanceof PrivacyRequestError ? error.serverMessage : undefined;
      toast.show({ message: message ?? t('saveFailed'), type: 'error' });
    },
    onSuccess: (answer) => {
      client.setQueryData(privacyKeys.settings, answer.settings);
      updateUser(userFieldsOf(answer.settings));
      // Turning the account public approved every waiting request.
      if (!answer.settings.privateAccount) void client.invalidateQueries({ queryKey: privacyKeys.requests });
      toast.show({ message: answer.message ?? t('saved'), type: 'success' });
    },
  });
}

export async function fetchFollowRequests(): Promise<FollowRequestDto[]> {
  const res = await call(Routes.followRequests);
  if (!res.ok) throw refusal(res.status, res.data.message);
  return res.data.requests;
}

/**
 * Who asked to follow the member, newest first; asked when `enabled` (a private account, or the list
 * open), and again when a follow notice arrives (a new request comes as one).
 */
export function useFollowRequests(enabled = true) {
  const me = useCurrentUser();
  const client = useQueryClient();
  const on = enabled && me !== null;
  useSocketEvents({
    [Events.notification]: (n) => {
      if (on && n.type === 'follow') void client.invalidateQueries({ queryKey: privacyKeys.requests });
    },
  });
  return useQuery({ queryKey: privacyKeys.requests, queryFn: fetchFollowRequests, enabled: on });
}

/** Approve or decline one request: the row leaves the list once the server agrees; its words are shown. */
export function useAnswerFollowRequest() {
  const client = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation('privacy');
  return useMutation({
    mutationFn: async ({ username, approve }: { username: string; approve: boolean }) => {
      const res = await call(Routes.answerFollowRequest, { params: { username }, body: { approve } });
      if (!res.ok) throw refusal(res.status, res.data.message);
      return res.data;
    },
    onSuccess: (answer, { username, approve }) => {
      client.setQueryData<FollowRequestDto[]>(privacyKeys.requests, (list) =>
        list?.filter((r) => r.username !== username),
      );
      // My followers list and count change with an approval (people's caches, keyed under ['people']).
      if (approve) void client.invalidateQueries({ queryKey: ['people'] });
      toast.show({ message: answer.message, type: approve ? 'success' : 'normal' });
    },
    onError: (error, { username }) => {
      const message = error instanceof PrivacyRequestError ? error.serverMessage : undefined;
      // The request is gone already (withdrawn, or answered in another tab): the list follows.
      if (error instanceof PrivacyRequestError && error.status === 404) {
        client.setQueryData<FollowRequestDto[]>(privacyKeys.requests, (list) =>
          list?.filter((r) => r.username !== username),
        );
      }
      toast.show({ message: message ?? t('requests.failed'), type: 'error' });
    },
  });
}
