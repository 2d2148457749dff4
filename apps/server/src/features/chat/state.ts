/**
 * The chat area's in-memory parts, one set per app (never module-global, so tests can run several
 * apps in one process): the membership and profile cache, the group-commit writer, pending read marks.
 */
import type { AppDeps } from '../../deps.js';
import { ChatCache } from './cache.js';
import { PendingReads } from './reads.js';
import { MessageWriter } from './writer.js';

export interface ChatState {
  cache: ChatCache;
  writer: MessageWriter;
  reads: PendingReads;
}

const states = new WeakMap<AppDeps, ChatState>();

export function chatState(deps: AppDeps): ChatState {
  let state = states.get(deps);
  if (!state) {
    state = { cache: new ChatCache(deps), writer: new MessageWriter(deps.database), reads: new PendingReads(deps) };
    states.set(deps, state);
  }
  return state;
}
