/**
 * What a model is told, and what of the member's history reaches it. Client `system` messages are
 * dropped here: only our instructions are instructions.
 */
import { AI_LIMITS, AiText, Messages, type AiChatBody } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import type { KnowledgeHit } from './knowledge.js';
import type { AiTurn } from './types.js';

/** The history a model sees: roles user/assistant only, newest kept, trimmed by count and size, never refused. */
export function prepareHistory(messages: AiChatBody['messages']): AiTurn[] {
  const turns: AiTurn[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    turns.push({ role: m.role, content: m.content });
  }
  const last = turns.at(-1);
  if (!last || last.role !== 'user') throw new AppError(AiText.lastMustBeUser, 400);
  if (!last.content.trim()) throw new AppError(Messages.server.invalidPayload, 400);
  if (last.content.length > AI_LIMITS.messageChars) throw new AppError(AiText.messageTooLong, 400);

  const kept: AiTurn[] = [];
  let chars = 0;
  for (let i = turns.length - 1; i >= 0 && kept.length < AI_LIMITS.historyMessages; i -= 1) {
    const turn = turns[i]!;
    const content = turn.content.slice(0, AI_LIMITS.messageChars);
    if (kept.length > 0 && chars + content.length > AI_LIMITS.historyChars) break;
    chars += content.length;
    kept.unshift({ role: turn.role, content });
  }
  // Models expect the member to speak first.
  while (kept.length > 1 && kept[0]!.role !== 'user') kept.shift();
  return kept;
}

/** The question retrieval looks for: the member's last message, and the one before for short follow-ups. */
export function retrievalQuery(history: AiTurn[]): string {
  const users = history.filter((t) => t.role === 'user');
  const last = users.at(-1)?.content ?? '';
  const before = users.at(-2)?.content;
  return last.split(/\s+/).length < 4 && before ? `${before} ${last}` : last;
}

/** The system prompt for a model: who it is, what it answers, the grounding, and the page's formatting. */
export function systemPrompt(hits: KnowledgeHit[]): string {
  const sections = hits.map((h) => `### ${h.section.title} (page: ${h.section.link})\n${h.section.body}`).join('\n\n');
  return [
    'You are the assistant of Sajha, a social and messaging platform made in Nepal for its people, culture, art and landscapes.',
    'Answer mainly questions about Sajha: what it is, signing up and signing in, the monthly art and photography contest, prizes, submissions, fees, guidelines, who can take part, tourism, local artists, cultural exchange, terms and privacy.',
    'Base facts about Sajha only on the reference sections below. If they do not contain the answer, say plainly that you do not know, and say what you can help with instead. Never invent prizes, dates, rules or links.',
    'Be brief and friendly. You may format with **bold**, *italic*, __underline__, ##heading## on its own line, and fenced code blocks. Do not write HTML.',
    'When an answer comes from a section, mention its page (for example /terms) so the member can read more.',
    '',
    'Reference sections:',
    sections || '(none matched this question)',
  ].join('\n');
}
