/**
 * Group commit for look-ups: a key asked for while no query is running goes out at once, alone; every
 * key asked for while one runs waits for it and then goes out together in the next query. A lone
 * request waits for nothing, and a burst (every tab of a restarted node reconnecting) costs one
 * statement per round instead of one per request, which is what a single-threaded embedded database
 * (and a pool of ten connections) can keep up with.
 */
export type Lookup<K, V> = (key: K) => Promise<V | undefined>;

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

/**
 * `load` answers many keys with one query; a key missing from its map resolves `undefined`. The same
 * key asked twice in one round is queried once. A failed query rejects every request of its round only.
 */
export function batchedLookup<K, V>(load: (keys: K[]) => Promise<Map<K, V>>, maxBatch = 500): Lookup<K, V> {
  let waiting = new Map<K, Waiter<V>[]>();
  let running = false;

  const round = async (batch: Map<K, Waiter<V>[]>): Promise<void> => {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  };

  const run = async (): Promise<void> => {
    running = true;
    while (waiting.size > 0) {
      let batch = waiting;
      if (batch.size > maxBatch) {
        // The first maxBatch keys go now, in arrival order; the rest stay for the next round.
        const keys = [...batch.keys()].slice(0, maxBatch);
        batch = new Map(keys.map((k) => [k, waiting.get(k)!]));
        for (const k of keys) waiting.delete(k);
      } else {
        waiting = new Map();
      }
      await round(batch);
    }
    running = false;
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!running) void run();
    });
}
