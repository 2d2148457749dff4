/** What other areas use of clips: a member's clips for their profile's Clips tab. */
export { useMemberReels } from './queries';
