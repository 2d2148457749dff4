/**
 * Call signalling on /realcall (part 2 §7) and reject-call on /real (part 1 §7). Each handler parses
 * through `on()`, authorises, calls the service, and answers. Offer, answer, candidates and toggles are
 * relayed only to the other sockets of `call:{roomId}`, which a socket enters only as a member.
 */
import { Events, type ClientEventName } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import { EventBudget, on } from '../../realtime/handler.js';
import type { SocketModule } from '../../realtime/index.js';
import type { IoSocket } from '../../realtime/types.js';
import { AppError } from '../../platform/errors.js';
import { Messages } from '@sajha/contract';
import { authorizeRelay } from './policy.js';
import { callRoom } from './publish.js';
import * as calls from './service.js';

export function callsSocketModule(deps: AppDeps): SocketModule {
  return {
    register(socket) {
      const me = socket.data.user;
      const candidates = new EventBudget(5, 40);
      const joined = (roomId: string) => socket.rooms.has(callRoom(roomId));

      // The rooms this socket is in, counted so a drop check on any node knows who is still there.
      const inRooms = new Set<string>();
      const enter = async (roomId: string) => {
        await socket.join(callRoom(roomId));
        if (!inRooms.has(roomId)) {
          inRooms.add(roomId);
          await deps.presence.add(callRoom(roomId), me.uid);
        }
      };
      const exit = async (roomId: string) => {
        await socket.leave(callRoom(roomId));
        if (inRooms.delete(roomId)) await deps.presence.remove(callRoom(roomId), me.uid);
      };
      socket.on('disconnect', () => {
        for (const roomId of [...inRooms]) {
          void exit(roomId)
            // Another page of this member (any node) may come back within the grace: a job checks then.
            .then(() => calls.scheduleDropCheck(deps, roomId, me.uid))
            .catch((err: unknown) => deps.log.error({ err }, 'call presence failed'));
        }
      });

      on(
        socket,
        Events.createRoom,
        async ([{ userUid }]) => {
          const created = await calls.createRoom(deps, me, userUid);
          if (created.endedTitle) {
            // Answered after the ack, so the page knows its roomId before it learns why it ended.
            setImmediate(() => socket.emit(Events.callEnded, { title: created.endedTitle }));
          } else {
            await enter(created.room.id);
          }
          return { roomId: created.room.id, peer: created.peer };
        },
        deps.log,
      );

      on(
        socket,
        Events.joinRoom,
        async ([{ roomId }]) => {
          const { room, answered, role, peer } = await calls.joinRoom(deps, me, roomId);
          const ack = { roomId, state: room.state, role, peer };
          if (room.state === 'ended') return ack;
          await enter(roomId);
          // On a rejoin too: the other page may have sent an offer while this one was away.
          socket.to(callRoom(roomId)).emit(Events.userJoined, { userUid: me.uid });
          if (answered) {
            socket.to(callRoom(roomId)).emit(Events.callAccepted, { roomId });
            socket.nsp.to(callRoom(roomId)).emit(Events.callee, { callee: { name: me.name, avatar: me.avatar } });
          }
          return ack;
        },
        deps.log,
      );

      const relay = <K extends ClientEventName>(event: K, roomId: string, payload: unknown): void => {
        authorizeRelay(joined(roomId));
        (socket.to(callRoom(roomId)) as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
      };

      on(socket, Events.offer, ([p]) => relay(Events.offer, p.roomId, p), deps.log);
      on(socket, Events.answer, ([p]) => relay(Events.answer, p.roomId, p), deps.log);
      on(
        socket,
        Events.iceCandidate,
        ([p]) => {
          // Beyond the general budget: a burst of candidates is normal, a stream of them is not.
          if (!candidates.take()) throw new AppError(Messages.server.rateLimited, 429);
          relay(Events.iceCandidate, p.roomId, p);
        },
        deps.log,
      );
      for (const event of [Events.toggleVideo, Events.toggleAudio, Events.toggleScreenSharing] as const) {
        on(socket, event, ([p]) => relay(event, p.roomId, { userUid: me.uid, isOn: p.isOn }), deps.log);
      }

      on(
        socket,
        Events.leaveRoom,
        async ([{ roomId }]) => {
          if (joined(roomId)) socket.to(callRoom(roomId)).emit(Events.userLeft, { userUid: me.uid });
          await calls.leaveRoom(deps, me, roomId, socket.id);
          await exit(roomId);
        },
        deps.log,
      );
    },
  };
}

/** reject-call lives on /real, where the incoming-call prompt is. */
export function callsMainSocketModule(deps: AppDeps): SocketModule {
  return {
    register(socket: IoSocket) {
      on(socket, Events.rejectCall, ([{ roomId }]) => calls.rejectCall(deps, socket.data.user, roomId), deps.log);
    },
  };
}
