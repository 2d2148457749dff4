/** What other features may use of comments (the lint rule keeps the rest private). */
export { presentComments, type CommentRecord } from './presenters.js';
export { commentsSocketModule } from './events.js';
