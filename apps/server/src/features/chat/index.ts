/** What other features may use of chat: posting a message into a chat (calls write their history so). */
export { sendMessage } from './service.js';
