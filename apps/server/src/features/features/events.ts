/** The features page on /real: getFeatures -> features; suggestFeature -> suggestionResponse; votes and statuses by ack. */
import { Events, FeatureMessages, localizeText } from '@sajha/contract';
import { on } from '../../realtime/handler.js';
import { answer } from '../../realtime/types.js';
import { listFeatures, loadSuggestion, setFeatureStatus, suggestFeature, voteFeature } from './service.js';

export const featuresSocket = [
  on(Events.getFeatures, { action: 'board.read' }, async ([{ offset, sort }], { deps, socket, actor }) => {
    const page = await listFeatures(deps, actor, { offset, sort });
    socket.emit(Events.features, { ...page, offset, sort });
    return { count: page.features.length, hasMore: page.hasMore };
  }),

  // Any refusal (blank, too long, duplicate, rate limit) also answers as the spec's suggestionResponse.
  on(
    Events.suggestFeature,
    {
      action: 'board.suggest',
      onFail: (socket, message) => socket.emit(Events.suggestionResponse, { status: 'error', message }),
    },
    async ([input], { deps, socket, actor }) => {
      const feature = await suggestFeature(deps, actor.id, input);
      answer(socket, Events.suggestionResponse, {
        status: 'success',
        message: localizeText(socket.data.locale, FeatureMessages.submitted),
        feature,
      });
      return feature;
    },
  ),

  on(
    Events.voteFeature,
    { action: 'board.vote', load: ([{ id }], ctx) => loadSuggestion(ctx.deps, id) },
    (_a, { deps, actor, resource }) => voteFeature(deps, actor.id, resource),
  ),
  on(
    Events.setFeatureStatus,
    { action: 'board.setStatus', load: ([{ id }], ctx) => loadSuggestion(ctx.deps, id) },
    ([{ status }], { deps, actor, resource }) => setFeatureStatus(deps, actor.id, resource, status),
  ),
];
