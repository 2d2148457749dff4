/**
 * The settings form over the socket (part 2 §7): the profile is a query (get_profile -> profile_data,
 * which the server sends again after an update, and which is written into the cache when it comes),
 * and save() sends update_profile and shows the catalogue's toasts ("Your profile has been successfully
 * updated." / "Update Failed" + the server's message).
 */
import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Events, type ProfileForm, type UpdateProfilePayload } from '@sajha/contract';
import { useLocalize, useMessages } from '../../i18n/language';
import { useConnectedSocket } from '../../lib/realtime';
import { ask, errorMessage } from '../../lib/socketRequest';
import { useToast } from '../../lib/toast';
import { useSocketEvents } from '../../lib/useSocketEvents';
import { settingsKeys, useProfileFormQuery } from './queries';

export interface ProfileFormState {
  profile: ProfileForm | null;
  /** Resolves true once the server saved it, false when it refused (or there is no connection). */
  save: (payload: UpdateProfilePayload) => Promise<boolean>;
}

export function useProfileForm(): ProfileFormState {
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const m = useMessages();
  // The socket's refusals come in English: in the page's language.
  const localize = useLocalize();
  const { data: profile } = useProfileFormQuery();

  useSocketEvents({ [Events.profileData]: (p) => client.setQueryData(settingsKeys.profileForm, p) });

  const { mutateAsync } = useMutation({
    mutationFn: async (payload: UpdateProfilePayload) => {
      if (!socket) throw new Error(m.Messages.server.internal);
      await ask(socket, Events.updateProfile, payload);
    },
    onSuccess: () => toast.show({ message: m.Messages.profile.updated, type: 'success' }),
    onError: (error) =>
      toast.show({
        title: m.Messages.profile.updateFailed,
        message: localize(errorMessage(error, m.Messages.server.internal)),
        type: 'error',
      }),
  });
  const save = useCallback(
    (payload: UpdateProfilePayload) =>
      mutateAsync(payload).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );

  return { profile: profile ?? null, save };
}
