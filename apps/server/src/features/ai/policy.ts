/** Who may use the assistant: any signed-in member, for their own conversation only (found by their id). */
import { Messages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    'ai.ask': undefined;
    'ai.read': undefined;
    'ai.clear': undefined;
  }
}

export const aiPolicy = definePolicy({
  notFound: () => new AppError(Messages.server.unauthorized, 401),
  actions: { 'ai.ask': { self: true }, 'ai.read': { self: true }, 'ai.clear': { self: true } },
});
