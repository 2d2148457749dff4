/**
 * The chat area's entry points for other areas (calls write their history lines through sendMessage).
 * The logic lives in chats.ts, messages.ts and groups.ts, each authorized by policy.ts; publish.ts is
 * the fan-out.
 */
export { chatFor, listChats, searchUsers, startChat, startGroupChat } from './chats.js';
export { deleteMessage, getMessages, messageDto, react, sendMessage, setPinned } from './messages.js';
export type { SendInput, Sent } from './messages.js';
export { unreadTotal } from './repo.js';
