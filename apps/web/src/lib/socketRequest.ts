/**
 * Socket calls as promises: the transport under every query and mutation that goes over the main
 * socket (each area's queries.ts). The server answers an event two ways, and there is one call for each:
 *
 *   ask(socket, Events.likeReel, { reelId })            -> the acknowledgement's data
 *   askFor(socket, { event: Events.comments, match }, Events.fetchComments, postId)
 *                                                         -> the spec's answer event, typed by the contract
 *
 * askFor() is for events whose answer is a receive event (posts, comments, features, the panels'
 * lists); its acknowledgement only says whether the server refused. ask() is for events answered by
 * acknowledgement, typed by the contract's ack schema for the event (clientAckSchemas).
 *
 * Both always send (no double-click guard: a query that asks again means it, and React Query already
 * keeps one request per key) and reject with the server's refusal, when the socket drops (an answer
 * may be lost with it; the queries ask again once it is back), or after a timeout without an answer,
 * as a SocketRequestError whose message can be shown as it is.
 */
import type {
  AckAnswer,
  ClientAck,
  ClientToServerEvents,
  ServerEventPayload,
  ServerToClientEvents,
} from '@sajha/contract';
import { i18n } from '../i18n';
import { localize } from '../i18n/prefs';
import { emitUnguarded } from './emitFresh';
import type { EventSource, MainSocket } from './socketTypes';

/** An acknowledgement (a toggle, a profile) comes at once or not at all. */
export const ANSWER_TIMEOUT_MS = 8000;
/** A list (a feed page, comments) may take longer on a busy server, and used to be waited for. */
export const LIST_TIMEOUT_MS = 20_000;
/** The English of the timeout's message (the `app` catalogue's errors.noAnswer); the error carries the reader's. */
export const NO_ANSWER = 'No answer from the server.';

/**
 * A refused or unanswered call. Its message is shown as it is, so it is in the reader's language: a
 * server's refusal (an English catalogue text) is localized here, as lib/http.ts does for HTTP answers.
 */
export class SocketRequestError extends Error {
  constructor(message: string) {
    super(localize(message));
  }
}

const noAnswer = () => i18n.t('errors.noAnswer', { ns: 'app' });

/**
 * Settles one call: rejects after `ms` or when the socket drops; `done()` stops both watches and
 * tells whether the call was still open (so a late answer after a rejection is ignored).
 */
function watchCall(socket: MainSocket, ms: number, reject: (error: Error) => void): () => boolean {
  let open = true;
  const fail = () => {
    if (done()) reject(new SocketRequestError(noAnswer()));
  };
  const timer = window.setTimeout(fail, ms);
  socket.on('disconnect', fail);
  const done = () => {
    const wasOpen = open;
    open = false;
    window.clearTimeout(timer);
    socket.off('disconnect', fail);
    return wasOpen;
  };
  return done;
}

type ClientEvent = keyof ClientToServerEvents;
type ServerEvent = keyof ServerToClientEvents;
/**
 * An event's own arguments: the contract's tuple without the acknowledgement it allows last (made
 * required first, so the optional arguments before it stay in place).
 */
export type ArgsOf<E extends ClientEvent> =
  Required<Parameters<ClientToServerEvents[E]>> extends [...infer A, unknown] ? A : never;
/** Emits with an acknowledgement; resolves with its data (typed by the contract), rejects with the refusal or a timeout. */
export function ask<E extends ClientEvent>(socket: MainSocket, event: E, ...args: ArgsOf<E>): Promise<ClientAck<E>> {
  return new Promise((resolve, reject) => {
    const done = watchCall(socket, ANSWER_TIMEOUT_MS, reject);
    emitUnguarded(socket, event, ...args, (answer: AckAnswer<E>) => {
      if (!done()) return;
      if (answer.ok) resolve(answer.data);
      else reject(new SocketRequestError(answer.error));
    });
  });
}

export interface AnswerEvent<R extends ServerEvent> {
  event: R;
  /** Which payload answers this call (e.g. the same post id), when several could be on their way. */
  match?: (payload: ServerEventPayload<R>) => boolean;
}

/**
 * Emits and resolves with the first matching `answer.event` after it. A refusal comes as the ack (the
 * server sends it after any answer event, so an answer that did come wins), or as a timeout.
 */
export function askFor<E extends ClientEvent, R extends ServerEvent>(
  socket: MainSocket,
  answer: AnswerEvent<R>,
  event: E,
  ...args: ArgsOf<E>
): Promise<ServerEventPayload<R>> {
  return new Promise((resolve, reject) => {
    // `answer.event` is a type parameter here: see EventSource.
    const source = socket as EventSource;
    const listener = (payload: ServerEventPayload<R>) => {
      if (answer.match && !answer.match(payload)) return;
      if (stop()) resolve(payload);
    };
    const done = watchCall(socket, LIST_TIMEOUT_MS, (error) => {
      source.off(answer.event, listener);
      reject(error);
    });
    const stop = () => {
      source.off(answer.event, listener);
      return done();
    };
    source.on(answer.event, listener);
    emitUnguarded(socket, event, ...args, (reply: AckAnswer<E>) => {
      if (!reply.ok && stop()) reject(new SocketRequestError(reply.error));
    });
  });
}

/**
 * The message to show for a failed call: the server's words (in the reader's language when they are a
 * catalogue's), or the fallback, which the caller gives in the reader's language.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  return error.message === NO_ANSWER ? noAnswer() : localize(error.message);
}
