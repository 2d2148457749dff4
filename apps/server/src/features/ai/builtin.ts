/**
 * The default answerer: no network, no key. It answers from the help centre (features/help: the best
 * article as written, in the question's language, with its /help link), and says so when nothing there
 * answers rather than guessing.
 */
import { helpAnswer } from '../help/index.js';
import type { AiProvider, AiRequest } from './types.js';

/** Pieces of a few words, so the page shows the answer growing like a model's. */
function* pieces(text: string): Generator<string> {
  const words = text.split(/(?<=\s)/);
  for (let i = 0; i < words.length; i += 4) yield words.slice(i, i + 4).join('');
}

export function createBuiltinProvider(name: string): AiProvider {
  const answer = (req: AiRequest) => helpAnswer(req.history.at(-1)?.content ?? '', req.grounding);
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
