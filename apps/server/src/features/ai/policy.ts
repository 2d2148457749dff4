/** Who may use the assistant: any signed-in member, for their own conversation only. */
import { Messages } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';

export type AiAction = 'ask' | 'read' | 'clear';

export function authorize(actor: { id: string } | null, _action: AiAction): asserts actor is { id: string } {
  if (!actor) throw new AppError(Messages.server.unauthorized, 401);
}
