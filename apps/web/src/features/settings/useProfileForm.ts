/**
 * The settings form over the socket (part 2 §7): get_profile once connected, profile_data updates it,
 * and save() sends update_profile and shows the catalogue's toasts ("Your profile has been successfully
 * updated." / "Update Failed" + the server's message).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Events, Messages, type ProfileForm, type UpdateProfilePayload } from '@sajha/contract';
import { useRealtime } from '../../app/realtime';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';

export interface ProfileFormState {
  profile: ProfileForm | null;
  /** Resolves true on profile_update_success, false on profile_update_error (or no connection). */
  save: (payload: UpdateProfilePayload) => Promise<boolean>;
}

export function useProfileForm(): ProfileFormState {
  const { socket, connected } = useRealtime();
  const toast = useToast();
  const [profile, setProfile] = useState<ProfileForm | null>(null);
  const pending = useRef<((ok: boolean) => void)[]>([]);

  const settle = (ok: boolean) => pending.current.shift()?.(ok);
  useSocketEvents({
    [Events.profileData]: (p: ProfileForm) => setProfile(p),
    [Events.profileUpdateSuccess]: () => {
      toast.show({ message: Messages.profile.updated, type: 'success' });
      settle(true);
    },
    [Events.profileUpdateError]: ({ message }) => {
      toast.show({ title: Messages.profile.updateFailed, message, type: 'error' });
      settle(false);
    },
  });
  useEffect(() => {
    if (socket && connected) socket.emit(Events.getProfile, { type: 'all' });
  }, [socket, connected]);

  const save = useCallback(
    (payload: UpdateProfilePayload) =>
      new Promise<boolean>((resolve) => {
        if (!socket?.connected) {
          toast.show({ title: Messages.profile.updateFailed, message: Messages.server.internal, type: 'error' });
          resolve(false);
          return;
        }
        pending.current.push(resolve);
        socket.emit(Events.updateProfile, payload);
      }),
    [socket, toast],
  );

  return { profile, save };
}
