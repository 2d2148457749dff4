/**
 * Chat: direct chats and groups, messages (group-committed), reactions, pins, attachments, read marks,
 * presence and typing. Other areas may use `sendMessage` (calls write their history lines through it)
 * and `reviseLastMessage` (calls fold missed calls in a row into one line).
 */
import { defineFeature } from '../../feature.js';
import { CRON_POLL_SECONDS } from '../../platform/jobs.js';
import { deleteChat, exportChat } from './account.js';
import { deleteOrphanFiles } from './attachments.js';
import { chatSocket, chatSocketClosed } from './events.js';
import { chatPolicy } from './policy.js';
import { chatListeners } from './publish.js';
import { chatRoutes } from './routes.js';
import { chatState } from './state.js';

export { sendMessage } from './messages.js';
export { reviseLastMessage } from './revise.js';
export { notHiddenFrom } from './repo.js';

export default defineFeature({
  name: 'chat',
  policy: chatPolicy,
  http: chatRoutes,
  socket: chatSocket,
  sockets: { disconnected: chatSocketClosed },
  on: chatListeners,
  // Read marks still gathering are written before the database closes.
  flush: (deps) => chatState(deps).reads.flush(),
  jobs: {
    // Every ten minutes, once per cluster: an upload never sent lives at most 70 minutes.
    'chat.orphan-files': {
      work: (_job, deps) => deleteOrphanFiles(deps).then(() => undefined),
      options: { pollSeconds: CRON_POLL_SECONDS },
      cron: { schedule: '*/10 * * * *', data: {} },
    },
  },
  account: {
    tables: [
      'chats',
      'chat_members',
      'messages',
      'message_reactions',
      'message_attachments',
      'message_hides',
      'message_edits',
    ],
    exportAccount: exportChat,
    deleteAccount: deleteChat,
  },
});
