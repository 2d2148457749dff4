/** Who may read the help centre: everyone, signed in or not (it is the public /help). */
import { HelpText } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

declare module '../../policy/authorize.js' {
  interface Actions {
    'help.read': undefined;
  }
}

export const helpPolicy = definePolicy({
  notFound: () => new AppError(HelpText.notFound, 404),
  actions: { 'help.read': { self: true, visitors: true } },
});
