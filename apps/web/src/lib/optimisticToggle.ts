/**
 * A toggle the member sees at once (like, vote, follow): a mutation whose onMutate changes the cached
 * item and keeps what it was, whose onError puts that back and shows the refusal, and whose success
 * writes the server's answer over the guess (others may have acted meanwhile).
 *
 * One toggle per item is in flight at a time: a click on an item still waiting for its answer is
 * ignored (an eager double click must count once, and the server toggles, so a second send would undo
 * the first). The snapshot is the item's own fields, not the whole cached list, so putting it back
 * cannot drop a page loaded or a push received while the request was out.
 */
import { useCallback } from 'react';
import {
  useIsMutating,
  useMutation,
  useQueryClient,
  type Mutation,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConnectedSocket } from './realtime';
import type { MainSocket } from './socketTypes';
import { errorMessage } from './socketRequest';
import { useToast, type ToastOptions } from './toast';

/** What a toggle is about: `id` names the item (a post, a reel, a suggestion, a member). */
export interface ToggleVariables {
  id: string;
}

export interface ToggleSpec<V extends ToggleVariables, A> {
  /** Names this kind of toggle in the mutation cache (e.g. ['posts', 'like']). */
  key: QueryKey;
  send: (socket: MainSocket, variables: V) => Promise<A>;
  /** Changes the cache as the member expects; returns what puts the item back as it was. */
  apply: (client: QueryClient, variables: V) => () => void;
  /** Writes the server's answer into the cache. */
  settle?: (client: QueryClient, variables: V, answer: A) => void;
  /** The toast for a refusal; by default the server's message as an error. */
  refusal?: (message: string) => ToastOptions;
  onSuccess?: (answer: A, variables: V) => void;
}

const itemOf = (variables: unknown): string | undefined =>
  typeof variables === 'object' && variables !== null && 'id' in variables && typeof variables.id === 'string'
    ? variables.id
    : undefined;

const pendingFor = (id: string) => (mutation: Mutation<unknown, Error, unknown, unknown>) =>
  itemOf(mutation.state.variables) === id;

export function useOptimisticToggle<V extends ToggleVariables, A>(spec: ToggleSpec<V, A>): (variables: V) => void {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const socket = useConnectedSocket();
  const toast = useToast();
  const mutation = useMutation({
    mutationKey: spec.key,
    mutationFn: (variables: V) => {
      if (!socket) throw new Error(t('errors.notConnected'));
      return spec.send(socket, variables);
    },
    onMutate: (variables) => ({ undo: spec.apply(client, variables) }),
    onError: (error, _variables, context) => {
      context?.undo();
      const message = errorMessage(error, t('errors.generic'));
      toast.show(spec.refusal?.(message) ?? { message, type: 'error' });
    },
    onSuccess: (answer, variables) => {
      spec.settle?.(client, variables, answer);
      spec.onSuccess?.(answer, variables);
    },
  });
  const { mutate } = mutation;
  return useCallback(
    (variables: V) => {
      // Signed out or reconnecting: nothing is sent, so nothing changes.
      if (!socket) return;
      if (client.isMutating({ mutationKey: spec.key, predicate: pendingFor(variables.id) }) > 0) return;
      mutate(variables);
    },
    [socket, client, spec.key, mutate],
  );
}

/** Whether a toggle of `key` for item `id` waits for its answer (to disable its button meanwhile). */
export function useTogglePending(key: QueryKey, id: string): boolean {
  return useIsMutating({ mutationKey: key, predicate: pendingFor(id) }) > 0;
}
