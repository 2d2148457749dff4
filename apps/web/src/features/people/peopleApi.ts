/**
 * Socket calls for people, as promises: each emits with an acknowledgement and resolves with the
 * server's answer (the spec's receive events are still sent; these screens match answers by ack).
 */
import { useCallback } from 'react';
import { Events, Messages, PeopleMessages, type FriendRow } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import type { MainSocket } from '../../lib/socket';
import { useToast } from '../../lib/toast';

export type Answer<T> = { ok: true; data: T } | { ok: false; error: string };

const ACK_TIMEOUT_MS = 8000;

/** Emits `event` with `args` and resolves with the acknowledgement (or a timeout as a refusal). */
export function request<T>(socket: MainSocket | null, event: string, ...args: unknown[]): Promise<Answer<T>> {
  if (!socket) return Promise.resolve({ ok: false, error: 'Not connected' });
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve({ ok: false, error: 'No answer from the server.' }), ACK_TIMEOUT_MS);
    (socket as unknown as { emit(e: string, ...a: unknown[]): void }).emit(event, ...args, (a: Answer<T>) => {
      window.clearTimeout(timer);
      resolve(a);
    });
  });
}

/** Follow and unfollow with the catalogue's toasts; resolves true when the server agreed. */
export function useFollow() {
  const { socket } = useRealtime();
  const toast = useToast();
  return useCallback(
    async (username: string, follow: boolean): Promise<boolean> => {
      const a = await request<{ message: string }>(socket, follow ? Events.follow : Events.unfollow, { username });
      const message = a.ok ? a.data.message : a.error;
      if (follow && message === Messages.friends.followed) {
        toast.show({ message: Messages.friends.added, type: 'success', duration: 3000 });
        return true;
      }
      if (!follow && message === Messages.friends.unfollowed) {
        toast.show({ message: Messages.friends.removed, type: 'error', duration: 3000 });
        return true;
      }
      toast.show({ title: 'Error', message, type: 'error', duration: 3000 });
      return false;
    },
    [socket, toast],
  );
}

/** Block and unblock (ours), with a toast either way; resolves true on success. */
export function useBlock() {
  const { socket } = useRealtime();
  const toast = useToast();
  return useCallback(
    async (username: string, block: boolean): Promise<boolean> => {
      const a = await request<{ success: boolean; message: string }>(
        socket,
        block ? Events.blockUser : Events.unblockUser,
        { username },
      );
      if (a.ok) {
        toast.show({ message: a.data.message, type: 'success', duration: 3000 });
        return true;
      }
      toast.show({ title: 'Error', message: a.error, type: 'error', duration: 3000 });
      return false;
    },
    [socket, toast],
  );
}

export const mutualLabel = (row: Pick<FriendRow, 'mutual'>): string => PeopleMessages.mutual(row.mutual);
