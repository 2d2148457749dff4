/**
 * The one data layer's settings (TanStack Query). Server state reaches screens through queries fed by
 * the socket: the server pushes changes (new comments, counts, edits), so nothing refetches on window
 * focus, and a refusal is an answer, not a reason to ask three more times. A query asks again when its
 * screen mounts (as every screen did before) and after a reconnect (see useConnectedSocket).
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
