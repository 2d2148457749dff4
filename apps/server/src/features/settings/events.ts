/**
 * Settings on /real (part 2 §7): get_profile -> profile_data; update_profile -> profile_update_success
 * (then the fresh profile_data) or profile_update_error {message}. A changed name, username or avatar
 * goes to every tab of the member as cU, so the shell shows it at once.
 */
import { Events } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { SocketModule } from '../../realtime/index.js';
import { getProfileForm, updateProfile } from './service.js';

export function settingsSocketModule(deps: AppDeps): SocketModule {
  return {
    handlers: {
      // The session was touched as seen by the handshake (realtime/handshake.ts).
      [Events.getProfile]: async (_args, socket) => {
        socket.emit(Events.profileData, await getProfileForm(deps, socket.data.user.uid));
      },

      [Events.updateProfile]: {
        handler: async ([update], socket) => {
          const actor = { userId: socket.data.user.uid, sessionId: socket.data.sessionId };
          const outcome = await updateProfile(deps, actor, update);
          socket.emit(Events.profileUpdateSuccess, { message: outcome.message });
          socket.emit(Events.profileData, outcome.profile);
          if (outcome.user) {
            socket.data.user = outcome.user;
            void deps.bus.publish('profile.updated', { user: outcome.user }, { by: outcome.user.uid });
          }
        },
        onFail: (socket, message) => socket.emit(Events.profileUpdateError, { message }),
      },
    },
  };
}
