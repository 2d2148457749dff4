/** What other areas use of people: the "Block User" dialog (the chat menu offers it too). */
export { BlockDialog } from './BlockDialog';
