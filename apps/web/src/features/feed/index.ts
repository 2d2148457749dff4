/** What other areas use of the home feed: the composer's hand-off of a post created here (the shell wires it). */
export { addCreatedPost } from './queries';
