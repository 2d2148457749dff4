/**
 * The default answerer: no network, no key. It answers from the best matching knowledge sections,
 * quoted as written, with the page they come from; when nothing matches well it says so and lists what
 * it can help with instead of guessing.
 */
import type { KnowledgeHit } from './knowledge.js';
import type { AiProvider, AiRequest } from './types.js';

const HELP_TOPICS = [
  '- what Sajha is, and that joining is free',
  '- signing up, signing in and resetting a password',
  '- the monthly art and photography contest: prizes, submissions, guidelines, judging and who can take part',
  '- tourism, local artists and cultural exchange on Sajha',
  '- the terms of service (/terms) and the privacy policy (/privacy)',
].join('\n');

export const BuiltinText = {
  fallback: `I'm sorry, I don't know the answer to that: I only know about Sajha. I can help with questions like these:\n${HELP_TOPICS}\n\nTry asking, for example, "What are the prizes for the monthly contest?"`,
  greeting: `Namaste! I'm Sajha's assistant. I can help with questions like these:\n${HELP_TOPICS}`,
  thanks: "You're welcome! Ask me anything else about Sajha.",
} as const;

const GREETING = /^\s*(hi|hello|hey|hiya|namaste|namaskar|good (morning|afternoon|evening))\b[\s!.,]*$/i;
const THANKS = /^\s*(thanks|thank you|thank u|thx|dhanyabad|dhanyavad)\b[\s\w!.,]*$/i;

export function builtinAnswer(question: string, good: KnowledgeHit[]): string {
  if (GREETING.test(question)) return BuiltinText.greeting;
  if (THANKS.test(question) && question.length < 40) return BuiltinText.thanks;
  const [first, second] = good;
  if (!first) return BuiltinText.fallback;
  const used = second ? [first, second] : [first];
  const links = [...new Set(used.map((h) => h.section.link).filter(Boolean))];
  const more = links.length ? `\n\nRead more: ${links.join(' and ')}` : '';
  if (!second) return `${first.section.body}${more}`;
  return used.map((h) => `##${h.section.title}##\n${h.section.body}`).join('\n\n') + more;
}

/** Pieces of a few words, so the page shows the answer growing like a model's. */
function* pieces(text: string): Generator<string> {
  const words = text.split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += 4) yield words.slice(i, i + 4).join('');
}

export function createBuiltinProvider(name: string): AiProvider {
  const answer = (req: AiRequest) => builtinAnswer(req.history.at(-1)?.content ?? '', req.grounding.good);
  return {
    name,
    complete(req) {
      return Promise.resolve(answer(req));
    },
    async *stream(req) {
      for (const piece of pieces(answer(req))) {
        if (req.signal.aborted) return;
        yield piece;
        await Promise.resolve();
      }
    },
  };
}
