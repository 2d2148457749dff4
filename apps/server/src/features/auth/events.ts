/** The handshake pair on /real: the client asks for the current user and receives it. */
import { Events } from '@sajha/contract';
import { on } from '../../realtime/handler.js';
import { answer } from '../../realtime/types.js';

export const authSocket = [
  on(Events.getCurrentUser, { action: 'session.read' }, (_args, { socket }) =>
    answer(socket, Events.currentUser, socket.data.user),
  ),
];
