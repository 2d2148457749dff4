/**
 * Who may search. Signed-in members search people, posts, clips and tags (lists filtered in SQL through
 * relations: blocks, mutes, limits, suspensions); their own messages only in chats they are in, and one
 * chat's messages only as its member (another chat answers like a missing one, so ids reveal nothing).
 *
 *   search.read     a search (the scope names a chat when searching inside one)   member; of that chat
 *   search.suggest  as-you-type suggestions                                       member
 *   search.history  the member's recent searches, and clearing them              member (their own)
 *   tags.read       a tag page, trending, the tags the member follows            member
 *   tags.follow     follow or unfollow a tag                                     member
 */
import { SearchText } from '@sajha/contract';
import { AppError } from '../../platform/errors.js';
import { definePolicy } from '../../policy/authorize.js';

/** What a search reaches: everything public to the member, and (when given) one chat's messages. */
export interface SearchScope {
  chat: { id: string; memberIds: string[] } | null;
}

declare module '../../policy/authorize.js' {
  interface Actions {
    'search.read': SearchScope;
    'search.suggest': undefined;
    'search.history': undefined;
    'tags.read': undefined;
    'tags.follow': undefined;
  }
}

const chatNotFound = () => new AppError(SearchText.chatNotFound, 404);

export const searchPolicy = definePolicy({
  notFound: chatNotFound,
  actions: {
    'search.read': {
      allow: ({ actor, resource }) =>
        !resource.chat || (actor && resource.chat.memberIds.includes(actor.id)) ? undefined : chatNotFound(),
    },
    'search.suggest': { self: true },
    'search.history': { self: true },
    'tags.read': { self: true },
    'tags.follow': { self: true },
  },
});
