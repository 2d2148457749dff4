/** What the benchmarks compute from their samples. */

/** The p-th percentile (0 to 100) of samples sorted ascending: the nearest rank, no interpolation. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
