/**
 * The built-in assistant's answer to a question, from the help centre alone: the best article's text as
 * written, in the language of the question, with its /help link (and a second article's link when one
 * also answers). When no article answers it says so and points to /help — a question about Sajha gets
 * "I couldn't find that", any other a polite refusal. It never writes a fact of its own.
 */
import { catalogueFor } from '@sajha/contract';
import type { KnowledgeHit, SearchResult } from './knowledge.js';

const GREETING =
  /^\s*(hi|hello|hey|hiya|namaste|namaskar|namaskaar|good (morning|afternoon|evening)|नमस्ते|नमस्कार)\b[\s!.,।]*$/iu;
const THANKS = /^\s*(thanks|thank you|thank u|thx|dhanyabad|dhanyavad|dhanyabaad|धन्यवाद|धन्यबाद)/iu;

export const articleLink = (hit: KnowledgeHit, lang: 'en' | 'ne'): string =>
  `[${hit.article.title[lang]}](/help/${hit.article.slug})`;

export function helpAnswer(question: string, result: SearchResult): string {
  const texts = catalogueFor(result.language).HelpText;
  if (GREETING.test(question)) return texts.greeting;
  if (THANKS.test(question) && question.length < 40) return texts.thanks;
  const [first, second] = result.good;
  if (!first) return result.onTopic ? texts.unknown : texts.offTopic;
  const lang = result.language;
  const lines = [first.article.body[lang], '', `${texts.readMore} ${articleLink(first, lang)}`];
  if (second) lines.push(`${texts.seeAlso} ${articleLink(second, lang)}`);
  return lines.join('\n');
}
