import { AI_EXAMPLE_PROMPTS, LIMITS } from '@sajha/contract';

/** `count` different example prompts at random (a partial Fisher-Yates shuffle). */
export function drawPrompts(count: number = LIMITS.aiExamplePrompts, random: () => number = Math.random): string[] {
  const pool: string[] = [...AI_EXAMPLE_PROMPTS];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}
