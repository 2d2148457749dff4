/** The answerers' one small interface (provider.ts picks one; builtin, openai and gemini implement it). */
import type { SearchResult } from '../help/index.js';

export interface AiTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AiRequest {
  /** Oldest first; the last turn is the member's question. */
  history: AiTurn[];
  /**
   * Help-centre articles for the question, best first (`good` ones match well enough to answer from),
   * and the language the question is in.
   */
  grounding: SearchResult;
  signal: AbortSignal;
}

export interface AiProvider {
  /** The name in the page's "Powered by" footer. */
  readonly name: string;
  /** The answer in pieces, as they arrive. */
  stream(req: AiRequest): AsyncIterable<string>;
  /** The whole answer at once. */
  complete(req: AiRequest): Promise<string>;
}
