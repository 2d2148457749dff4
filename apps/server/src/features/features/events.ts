/** The features page on /real: getFeatures -> features; suggestFeature -> suggestionResponse; votes and statuses by ack. */
import { Events, FeatureMessages } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { listFeatures, setFeatureStatus, suggestFeature, voteFeature } from './service.js';

export function featuresSocketModule(deps: AppDeps): SocketModule {
  const { log } = deps;
  return {
    register(socket) {
      const uid = socket.data.user.uid;

      on(
        socket,
        Events.getFeatures,
        async ([{ offset, sort }]) => {
          const page = await listFeatures(deps, uid, { offset, sort });
          socket.emit(Events.features, { ...page, offset, sort });
          return { count: page.features.length, hasMore: page.hasMore };
        },
        log,
      );

      // Any refusal (blank, too long, duplicate, rate limit) also answers as the spec's suggestionResponse.
      on(
        socket,
        Events.suggestFeature,
        async ([input]) => {
          const feature = await suggestFeature(deps, uid, input);
          socket.emit(Events.suggestionResponse, { status: 'success', message: FeatureMessages.submitted, feature });
          return feature;
        },
        log,
        { onFail: (message) => socket.emit(Events.suggestionResponse, { status: 'error', message }) },
      );

      on(socket, Events.voteFeature, ([{ id }]) => voteFeature(deps, uid, id), log);
      on(socket, Events.setFeatureStatus, ([input]) => setFeatureStatus(deps, uid, input), log);
    },
  };
}
