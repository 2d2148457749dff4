import type { AiMessageDto } from '@sajha/contract';
import type { AiMessageRow } from './repo.js';

export const presentAiMessage = (row: AiMessageRow): AiMessageDto => ({
  id: row.clientId,
  role: row.role,
  content: row.content,
});
