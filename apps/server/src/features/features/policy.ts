/**
 * Who may do what on the features board: any member suggests and votes (never on a suggestion of someone
 * on either side of a block with them, which their list leaves out too); only admins set a status.
 */
import { FeatureMessages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

export interface SuggestionResource {
  id: string;
  authorId: string;
  status: string;
  title: string;
}

declare module '../../policy/authorize.js' {
  interface Actions {
    /** The board's list: filtered in SQL. */
    'board.read': undefined;
    'board.suggest': undefined;
    'board.vote': SuggestionResource;
    'board.setStatus': SuggestionResource;
  }
}

export const featuresPolicy = definePolicy({
  notFound: () => new AppError(FeatureMessages.notFound, 404),
  actions: {
    'board.read': { self: true },
    'board.suggest': { self: true },
    'board.vote': { owner: (s) => s.authorId },
    'board.setStatus': {
      allow: ({ actor }) => (actor?.role === 'admin' ? undefined : new AppError(FeatureMessages.adminOnly, 403)),
    },
  },
});
