/** What other features may use of posts (the lint rule keeps the rest private). */
export { mediaUrl, presentMedia, presentPost, type PostRecord } from './presenters.js';
export { mediaFor, postFields, recordFields } from './repo.js';
export { postRoom } from './publish.js';
export { actorOf, postRow } from './service.js';
export { tell, tellMentioned, type Actor } from './notices.js';
