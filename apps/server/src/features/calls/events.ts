/**
 * Call signalling on /realcall (part 2 §7) and reject-call on /real (part 1 §7). Each handler parses
 * through the dispatcher, authorises, calls the service, and answers. Offer, answer, candidates and toggles are
 * relayed only to the other sockets of `call:{roomId}`, which a socket enters only as a member.
 */
import { Events, type ClientEventName } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { EventBudget, type Handlers } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import { uidOf, type IoSocket } from '../../realtime/types.js';
import { AppError } from '../../platform/errors.js';
import { Messages } from '@sajha/contract';
import { authorizeRelay } from './policy.js';
import { callRoom } from './publish.js';
import * as calls from './service.js';

export function callsSocketModule(deps: AppDeps): SocketModule {
  const joined = (socket: IoSocket, roomId: string) => socket.rooms.has(callRoom(roomId));
  // Beyond the general budget, per socket: a burst of candidates is normal, a stream of them is not.
  const candidateBudgets = new WeakMap<IoSocket, EventBudget>();
  // The rooms each socket is in, counted so a drop check on any node knows who is still there.
  const inRooms = new WeakMap<IoSocket, Set<string>>();
  const enter = async (socket: IoSocket, roomId: string) => {
    await socket.join(callRoom(roomId));
    if (!socket.connected) {
      // Closed while this was answered: its disconnect found no room to leave, so the drop check starts here.
      await calls.scheduleDropCheck(deps, roomId, uidOf(socket));
      return;
    }
    let rooms = inRooms.get(socket);
    if (!rooms) inRooms.set(socket, (rooms = new Set()));
    if (!rooms.has(roomId)) {
      rooms.add(roomId);
      await deps.presence.add(callRoom(roomId), uidOf(socket));
    }
  };
  const exit = async (socket: IoSocket, roomId: string) => {
    await socket.leave(callRoom(roomId));
    if (inRooms.get(socket)?.delete(roomId)) await deps.presence.remove(callRoom(roomId), uidOf(socket));
  };
  const relay = <K extends ClientEventName>(socket: IoSocket, event: K, roomId: string, payload: unknown): void => {
    authorizeRelay(joined(socket, roomId));
    (socket.to(callRoom(roomId)) as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
  };
  const toggle =
    <K extends typeof Events.toggleVideo | typeof Events.toggleAudio | typeof Events.toggleScreenSharing>(
      event: K,
    ): Handlers[K] =>
    ([p]: [{ roomId: string; isOn: boolean }], socket: IoSocket) =>
      relay(socket, event, p.roomId, { userUid: uidOf(socket), isOn: p.isOn });

  return {
    disconnected(socket) {
      const uid = uidOf(socket);
      for (const roomId of [...(inRooms.get(socket) ?? [])]) {
        void exit(socket, roomId)
          // Another page of this member (any node) may come back within the grace: a job checks then.
          .then(() => calls.scheduleDropCheck(deps, roomId, uid))
          .catch((err: unknown) => deps.log.error({ err }, 'call presence failed'));
      }
    },
    handlers: {
      [Events.createRoom]: async ([{ userUid }], socket) => {
        const created = await calls.createRoom(deps, socket.data.user, userUid);
        if (created.endedTitle) {
          // Answered after the ack, so the page knows its roomId before it learns why it ended.
          setImmediate(() => socket.emit(Events.callEnded, { title: created.endedTitle }));
        } else {
          await enter(socket, created.room.id);
        }
        return { roomId: created.room.id, peer: created.peer };
      },

      [Events.joinRoom]: async ([{ roomId }], socket) => {
        const me = socket.data.user;
        const { room, answered, role, peer } = await calls.joinRoom(deps, me, roomId);
        const ack = { roomId, state: room.state, role, peer };
        if (room.state === 'ended') return ack;
        await enter(socket, roomId);
        // On a rejoin too: the other page may have sent an offer while this one was away.
        socket.to(callRoom(roomId)).emit(Events.userJoined, { userUid: me.uid });
        if (answered) {
          socket.to(callRoom(roomId)).emit(Events.callAccepted, { roomId });
          socket.nsp.to(callRoom(roomId)).emit(Events.callee, { callee: { name: me.name, avatar: me.avatar } });
        }
        return ack;
      },

      [Events.offer]: ([p], socket) => relay(socket, Events.offer, p.roomId, p),
      [Events.answer]: ([p], socket) => relay(socket, Events.answer, p.roomId, p),
      [Events.iceCandidate]: ([p], socket) => {
        let budget = candidateBudgets.get(socket);
        if (!budget) candidateBudgets.set(socket, (budget = new EventBudget(5, 40)));
        if (!budget.take()) throw new AppError(Messages.server.rateLimited, 429);
        relay(socket, Events.iceCandidate, p.roomId, p);
      },
      [Events.toggleVideo]: toggle(Events.toggleVideo),
      [Events.toggleAudio]: toggle(Events.toggleAudio),
      [Events.toggleScreenSharing]: toggle(Events.toggleScreenSharing),

      [Events.leaveRoom]: async ([{ roomId }], socket) => {
        const me = socket.data.user;
        if (joined(socket, roomId)) socket.to(callRoom(roomId)).emit(Events.userLeft, { userUid: me.uid });
        await calls.leaveRoom(deps, me, roomId, socket.id);
        await exit(socket, roomId);
      },
    },
  };
}

/** reject-call lives on /real, where the incoming-call prompt is. */
export function callsMainSocketModule(deps: AppDeps): SocketModule {
  return {
    handlers: {
      [Events.rejectCall]: ([{ roomId }], socket) => calls.rejectCall(deps, socket.data.user, roomId),
    },
  };
}
