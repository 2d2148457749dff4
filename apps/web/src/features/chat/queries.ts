/**
 * The chat dialogs' server state: member search (new chats, adding to a group) and a group's details.
 * The conversations themselves stay in chatState.ts: a realtime state machine with an outbox, fed by
 * useChat.ts, which a cache of server answers would not describe.
 */
import { keepPreviousData, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { Events, LIMITS, type EditHistory, type GroupInfo } from '@sajha/contract';
import { useConnectedSocket } from '../../lib/realtime';
import { ask, askFor } from '../../lib/socketRequest';
import type { MainSocket } from '../../lib/socketTypes';

export const chatKeys = {
  userSearch: (text: string) => ['chat', 'userSearch', text] as const,
  group: (chatId: string) => ['chat', 'group', chatId] as const,
};

/** Members found by name for text long enough to search (search_user -> search_results). */
export function useUserSearch(text: string) {
  const socket = useConnectedSocket();
  const q = text.trim();
  return useQuery({
    queryKey: chatKeys.userSearch(q),
    queryFn:
      socket && q.length >= LIMITS.searchMinChars
        ? () => askFor(socket, { event: Events.searchResults }, Events.searchUser, q)
        : skipToken,
    // The last results stay while the next search is on its way.
    placeholderData: keepPreviousData,
  });
}

export const fetchGroup = async (socket: MainSocket, chatId: string): Promise<GroupInfo> =>
  ask(socket, Events.getGroup, chatId);

/** A group's name and members, while its dialog is open. */
export function useGroupInfo(chatId: string, open: boolean) {
  const socket = useConnectedSocket();
  return useQuery({
    queryKey: chatKeys.group(chatId),
    queryFn: socket && open ? () => fetchGroup(socket, chatId) : skipToken,
  });
}

export const putGroup = (client: QueryClient, info: GroupInfo): void => {
  client.setQueryData(chatKeys.group(info.chatId), info);
};

/** Every version of an edited message, newest first (message_history). */
export const fetchMessageHistory = async (socket: MainSocket | null, mid: string): Promise<EditHistory> => {
  if (!socket) throw new Error('offline');
  return ask(socket, Events.messageHistory, { mid });
};
