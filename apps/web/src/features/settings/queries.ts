/**
 * Settings' server state: the profile form (get_profile -> profile_data, which the server sends again
 * after every update), notification preferences, blocked members (socket) and sessions (HTTP).
 */
import { skipToken, useQuery } from '@tanstack/react-query';
import { Events, Routes, type NotificationPreferences } from '@sajha/contract';
import { call } from '../../lib/http';
import { useConnectedSocket } from '../../lib/realtime';
import { askFor } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';

export const settingsKeys = {
  profileForm: ['settings', 'profile'] as const,
  preferences: ['settings', 'notificationPreferences'] as const,
  blocked: ['settings', 'blocked'] as const,
  sessions: ['settings', 'sessions'] as const,
};

export function useProfileFormQuery() {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: settingsKeys.profileForm,
    queryFn: socket
      ? () => askFor(socket, { event: Events.profileData }, Events.getProfile, { type: 'all' })
      : skipToken,
  });
}

export function usePreferences() {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: settingsKeys.preferences,
    queryFn: socket
      ? async () =>
          (await askFor(socket, { event: Events.notificationPreferences }, Events.getNotificationPreferences))
            .preferences
      : skipToken,
  });
}

/** Saved preferences answer as notification_preferences_updated, a refusal included. */
export async function savePreferences(socket: MainSocket, preferences: NotificationPreferences): Promise<void> {
  const { success, message } = await askFor(
    socket,
    { event: Events.notificationPreferencesUpdated },
    Events.updateNotificationPreferences,
    preferences,
  );
  if (!success) throw new Error(message);
}

export function useBlockedMembers() {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: settingsKeys.blocked,
    queryFn: socket ? () => askFor(socket, { event: Events.blockedUsers }, Events.getBlocked) : skipToken,
  });
}

/** Unblock answers as blockResult, a refusal included. */
export async function unblock(socket: MainSocket, username: string): Promise<string> {
  const { success, message } = await askFor(socket, { event: Events.blockResult }, Events.unblockUser, { username });
  if (!success) throw new Error(message);
  return message;
}

export function useSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: async () => {
      const res = await call(Routes.sessions);
      return res.ok ? res.data.sessions : [];
    },
  });
}
