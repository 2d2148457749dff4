/** What other features may use of auth: starting a session after a check, and the new-device notice. */
export { AuthText, startSession } from './service.js';
export { noticeNewDevice } from './devices.js';
