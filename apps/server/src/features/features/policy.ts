/** Who may do what to a suggestion: any member suggests and votes; only ADMIN_EMAILS members set a status. */
import { FeatureMessages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';

export type FeatureAction = 'suggest' | 'vote' | 'setStatus';

export function isAdmin(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}

export function authorize(actor: { email: string }, action: FeatureAction, adminEmails: readonly string[]): void {
  if (action === 'setStatus' && !isAdmin(adminEmails, actor.email)) throw new AppError(FeatureMessages.adminOnly, 403);
}
