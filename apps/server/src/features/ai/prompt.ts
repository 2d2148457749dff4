/**
 * What a model is told, and what of the member's history reaches it. Client `system` messages are
 * dropped here: only our instructions are instructions.
 */
import { AI_LIMITS, AiText, Messages, type AiChatBody } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import type { SearchResult } from '../help/index.js';
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

/**
 * The system prompt for a model: who it is, what it answers, the help articles that matched (in the
 * question's language, each with its /help link), and the page's formatting. The model must cite the
 * article it used by that link.
 */
export function systemPrompt(grounding: SearchResult): string {
  const lang = grounding.language;
  const sections = grounding.hits
    .map((h) => `### ${h.article.title[lang]} (link: /help/${h.article.slug})\n${h.article.body[lang]}`)
    .join('\n\n');
  return [
    'You are the assistant of Sajha, a social and messaging platform made in Nepal for its people, culture, art and landscapes.',
    'Answer questions about using Sajha: accounts, profiles, posts, clips, friends, messages, calls, notifications, settings, safety, privacy, the features board and the monthly contest.',
    'Base facts about Sajha only on the help articles below. If they do not contain the answer, say plainly that you do not know and point to /help. Never invent features, limits, prizes, dates, rules or links. Politely decline questions that are not about Sajha.',
    lang === 'ne'
      ? 'The member wrote in Nepali (in Devanagari or in Latin letters): answer in Nepali, in Devanagari.'
      : 'Answer in English.',
    'Be brief and friendly. You may format with **bold**, *italic*, __underline__, ##heading## on its own line, "- " lists, [links](/path) and fenced code blocks. Do not write HTML.',
    'End with the link of the article you used, written as [its title](/help/its-slug), so the member can read more.',
    '',
    'Help articles:',
    sections || '(none matched this question)',
  ].join('\n');
}
