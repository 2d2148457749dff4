/** What other areas use of calls: the ringing prompt the shell shows on every page. */
export { IncomingCallPrompt } from './IncomingCallPrompt';
