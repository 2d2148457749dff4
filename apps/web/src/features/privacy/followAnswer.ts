/**
 * What a follow or unfollow did, told by the server's own words (English, as it sends them): followed,
 * asked a private member (a request), unfollowed, or took a request back. Anything else is a refusal.
 */
import { catalogueFor } from '@sajha/contract';

export type FollowOutcome = 'followed' | 'requested' | 'unfollowed' | 'withdrawn';

const en = catalogueFor('en');

export function followOutcome(message: string, follow: boolean): FollowOutcome | null {
  if (follow) {
    if (message === en.Messages.friends.followed) return 'followed';
    if (message === en.PrivacyText.requested) return 'requested';
    return null;
  }
  if (message === en.Messages.friends.unfollowed) return 'unfollowed';
  if (message === en.PrivacyText.requestWithdrawn) return 'withdrawn';
  return null;
}
