/** The features page on /real: getFeatures -> features; suggestFeature -> suggestionResponse; votes and statuses by ack. */
import { Events, FeatureMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { SocketModule } from '../../realtime/index.js';
import { listFeatures, setFeatureStatus, suggestFeature, voteFeature } from './service.js';

export function featuresSocketModule(deps: AppDeps): SocketModule {
  return {
    handlers: {
      [Events.getFeatures]: async ([{ offset, sort }], socket) => {
        const page = await listFeatures(deps, socket.data.user.uid, { offset, sort });
        socket.emit(Events.features, { ...page, offset, sort });
        return { count: page.features.length, hasMore: page.hasMore };
      },

      // Any refusal (blank, too long, duplicate, rate limit) also answers as the spec's suggestionResponse.
      [Events.suggestFeature]: {
        handler: async ([input], socket) => {
          const feature = await suggestFeature(deps, socket.data.user.uid, input);
          socket.emit(Events.suggestionResponse, { status: 'success', message: FeatureMessages.submitted, feature });
          return feature;
        },
        onFail: (socket, message) => socket.emit(Events.suggestionResponse, { status: 'error', message }),
      },

      [Events.voteFeature]: ([{ id }], socket) => voteFeature(deps, socket.data.user.uid, id),
      [Events.setFeatureStatus]: ([input], socket) => setFeatureStatus(deps, socket.data.user.uid, input),
    },
  };
}
