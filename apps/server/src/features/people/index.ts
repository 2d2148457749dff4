/** What other features may use of people: the block questions every area asks. */
export { blockedWith, isBlockedEitherWay, notBlockedWith } from './blocks.js';
