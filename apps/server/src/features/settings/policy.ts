/**
 * Who may do what in settings: a member acts on their own account only. Sessions and avatar files
 * are checked against the actor here, once, before any service runs.
 */
import { Messages, SettingsText } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';

export interface Actor {
  userId: string;
  sessionId: string;
}

export type SettingsAction = 'update-profile' | 'revoke-session' | 'use-avatar' | 'export' | 'delete-account';

export function authorize(
  actor: Actor | null,
  action: SettingsAction,
  resource?: { ownerId: string | null | undefined },
): asserts actor is Actor {
  if (!actor) throw new AppError(Messages.server.unauthorized, 401);
  if (!resource) return;
  if (resource.ownerId !== actor.userId) {
    // Somebody else's session or file looks the same as one that does not exist.
    throw new AppError(action === 'revoke-session' ? SettingsText.sessionNotFound : SettingsText.avatarUnknown, 404);
  }
}
