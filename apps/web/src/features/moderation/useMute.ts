/**
 * Mute and unmute a member (the profile menu, the Safety tab), and whether one is muted. A mute changes
 * what every list of others' work shows (feeds, clips, comments), lists that other areas own: after one,
 * every cached query is marked stale, so what is on screen loads again now and the rest when next shown.
 */
import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../i18n/prefs';
import { useToast } from '../../lib/toast';
import { moderationKeys, sendMute, useMutedMembers } from './queries';

/** Resolves true when the server agreed; the toast says the server's message either way. */
export function useMuteMember(): (username: string, mute: boolean) => Promise<boolean> {
  const client = useQueryClient();
  const toast = useToast();
  const { mutateAsync } = useMutation({
    mutationFn: ({ username, mute }: { username: string; mute: boolean }) => sendMute(username, mute),
    onSuccess: async (message) => {
      toast.show({ message, type: 'success' });
      await client.invalidateQueries({ queryKey: moderationKeys.mutes });
      void client.invalidateQueries();
    },
    onError: (error) =>
      toast.show({
        message: error instanceof Error ? error.message : messages().Messages.server.internal,
        type: 'error',
      }),
  });
  return useCallback(
    (username: string, mute: boolean) =>
      mutateAsync({ username, mute }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
}

/** True when the member signed in muted `username` (false while the list loads). */
export function useIsMuted(username: string): boolean {
  const { data } = useMutedMembers();
  const name = username.toLowerCase();
  return Boolean(data?.some((m) => m.username.toLowerCase() === name));
}
