/**
 * Settings on /real (part 2 §7): get_profile -> profile_data; update_profile -> profile_update_success
 * (then the fresh profile_data) or profile_update_error {message}. A changed name, username or avatar
 * goes to every tab of the member as cU, so the shell shows it at once.
 */
import { Events, localizeText } from '@sajha/contract';
import { on } from '../../realtime/handler.js';
import { answer } from '../../realtime/types.js';
import { getProfileForm, updateProfile } from './service.js';

export const settingsSocket = [
  // The session was touched as seen by the handshake (realtime/handshake.ts).
  on(Events.getProfile, { action: 'account.read' }, async (_args, { deps, socket, actor }) =>
    answer(socket, Events.profileData, await getProfileForm(deps, actor.id)),
  ),

  on(
    Events.updateProfile,
    {
      action: 'account.update',
      onFail: (socket, message) => socket.emit(Events.profileUpdateError, { message }),
    },
    async ([update], { deps, socket, actor }) => {
      const outcome = await updateProfile(deps, { userId: actor.id, sessionId: socket.data.sessionId }, update);
      const message = localizeText(socket.data.locale, outcome.message);
      socket.emit(Events.profileUpdateSuccess, { message });
      socket.emit(Events.profileData, outcome.profile);
      if (outcome.user) {
        socket.data.user = outcome.user;
        void deps.bus.publish('profile.updated', { user: outcome.user }, { by: outcome.user.uid });
      }
      return { message };
    },
  ),
];
