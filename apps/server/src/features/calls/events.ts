/**
 * Call signalling on /realcall (part 2 §7) and reject-call on /real (part 1 §7). Each handler names its
 * action; the dispatcher loads the room (or, for relays, whether this socket joined it) and authorizes.
 * Offer, answer, candidates and toggles are relayed only to the other sockets of `call:{roomId}`, which a
 * socket enters only as a member.
 */
import { Events, Messages, type ClientEventName } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { EventBudget, on, type SocketContext } from '../../realtime/handler.js';
import type { IoSocket } from '../../realtime/types.js';
import type { RelayResource } from './policy.js';
import { callRoom } from './publish.js';
import { findCall } from './repo.js';
import * as calls from './service.js';

// Beyond the general budget, per socket: a burst of candidates is normal, a stream of them is not.
const candidateBudgets = new WeakMap<IoSocket, EventBudget>();
// The rooms each socket is in, counted so a drop check on any node knows who is still there.
const inRooms = new WeakMap<IoSocket, Set<string>>();

async function enter(deps: AppDeps, socket: IoSocket, roomId: string): Promise<void> {
  await socket.join(callRoom(roomId));
  if (!socket.connected) {
    // Closed while this was answered: its disconnect found no room to leave, so the drop check starts here.
    await calls.scheduleDropCheck(deps, roomId, socket.data.user.uid);
    return;
  }
  let rooms = inRooms.get(socket);
  if (!rooms) inRooms.set(socket, (rooms = new Set()));
  if (!rooms.has(roomId)) {
    rooms.add(roomId);
    await deps.presence.add(callRoom(roomId), socket.data.user.uid);
  }
}

async function exit(deps: AppDeps, socket: IoSocket, roomId: string): Promise<void> {
  await socket.leave(callRoom(roomId));
  if (inRooms.get(socket)?.delete(roomId)) await deps.presence.remove(callRoom(roomId), socket.data.user.uid);
}

/** A call page closed: another page of this member (any node) may come back within the grace; a job checks then. */
export function callSocketClosed(socket: IoSocket, deps: AppDeps): void {
  const uid = socket.data.user.uid;
  for (const roomId of [...(inRooms.get(socket) ?? [])]) {
    void exit(deps, socket, roomId)
      .then(() => calls.scheduleDropCheck(deps, roomId, uid))
      .catch((err: unknown) => deps.log.error({ err }, 'call presence failed'));
  }
}

/** Relays name their room; whether this socket is in it is all the policy needs. */
const relayTarget = ([p]: [{ roomId: string }], { socket }: SocketContext): RelayResource => ({
  roomId: p.roomId,
  joined: socket.rooms.has(callRoom(p.roomId)),
});

function relay(socket: IoSocket, event: ClientEventName, roomId: string, payload: unknown): void {
  (socket.to(callRoom(roomId)) as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
}

const room = ([{ roomId }]: [{ roomId: string }], ctx: SocketContext) => findCall(ctx.deps.db, roomId);

const toggle = (event: typeof Events.toggleVideo | typeof Events.toggleAudio | typeof Events.toggleScreenSharing) =>
  on(event, { action: 'call.relay', load: relayTarget }, ([p], { socket, actor }) =>
    relay(socket, event, p.roomId, { userUid: actor.id, isOn: p.isOn }),
  );

export const callsSocket = [
  on(
    Events.createRoom,
    { action: 'call.start', load: ([{ userUid }], ctx) => calls.loadCallee(ctx.deps, userUid) },
    async (_a, { deps, socket, resource }) => {
      const created = await calls.createRoom(deps, socket.data.user, resource);
      if (created.endedTitle) {
        // Answered after the ack, so the page knows its roomId before it learns why it ended.
        setImmediate(() => socket.emit(Events.callEnded, { title: created.endedTitle }));
      } else {
        await enter(deps, socket, created.room.id);
      }
      return { roomId: created.room.id, peer: created.peer };
    },
  ),

  on(Events.joinRoom, { action: 'call.join', load: room }, async (_a, { deps, socket, resource }) => {
    const me = socket.data.user;
    const roomId = resource.id;
    const { room: now, answered, role, peer } = await calls.joinRoom(deps, me, resource);
    const ack = { roomId, state: now.state, role, peer };
    if (now.state === 'ended') return ack;
    await enter(deps, socket, roomId);
    // On a rejoin too: the other page may have sent an offer while this one was away.
    socket.to(callRoom(roomId)).emit(Events.userJoined, { userUid: me.uid });
    if (answered) {
      socket.to(callRoom(roomId)).emit(Events.callAccepted, { roomId });
      socket.nsp.to(callRoom(roomId)).emit(Events.callee, { callee: { name: me.name, avatar: me.avatar } });
    }
    return ack;
  }),

  on(Events.offer, { action: 'call.relay', load: relayTarget }, ([p], { socket }) =>
    relay(socket, Events.offer, p.roomId, p),
  ),
  on(Events.answer, { action: 'call.relay', load: relayTarget }, ([p], { socket }) =>
    relay(socket, Events.answer, p.roomId, p),
  ),
  on(Events.iceCandidate, { action: 'call.relay', load: relayTarget }, ([p], { socket }) => {
    let budget = candidateBudgets.get(socket);
    if (!budget) candidateBudgets.set(socket, (budget = new EventBudget(5, 40)));
    if (!budget.take()) throw new AppError(Messages.server.rateLimited, 429);
    relay(socket, Events.iceCandidate, p.roomId, p);
  }),
  toggle(Events.toggleVideo),
  toggle(Events.toggleAudio),
  toggle(Events.toggleScreenSharing),

  on(Events.leaveRoom, { action: 'call.leave', load: room }, async (_a, { deps, socket, resource }) => {
    const me = socket.data.user;
    if (socket.rooms.has(callRoom(resource.id)))
      socket.to(callRoom(resource.id)).emit(Events.userLeft, { userUid: me.uid });
    await calls.leaveRoom(deps, me, resource, socket.id);
    await exit(deps, socket, resource.id);
  }),
];

/** reject-call lives on /real, where the incoming-call prompt is. */
export const callsMainSocket = [
  on(Events.rejectCall, { action: 'call.reject', load: room }, (_a, { deps, resource }) =>
    calls.rejectCall(deps, resource),
  ),
];
