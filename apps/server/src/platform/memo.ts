/**
 * A pure function of a word, remembered: transliterating and keying words is costly and the same words come
 * again and again (in posts, in queries, in the help articles). Up to `max` answers are kept; when full, all
 * are forgotten at once (cheaper than tracking use, and the words in use come back at once).
 */
export function rememberedPerWord<T>(fn: (word: string) => T, max = 50_000): (word: string) => T {
  const known = new Map<string, T>();
  return (word) => {
    let value = known.get(word);
    if (value === undefined) {
      if (known.size >= max) known.clear();
      value = fn(word);
      known.set(word, value);
    }
    return value;
  };
}
