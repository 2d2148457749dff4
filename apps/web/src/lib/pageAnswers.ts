/**
 * Answers the server put into the page it served (`<script type="application/json" id="sajha-answers">`,
 * see the server's web/page-head.ts): a visitor opening a shared post gets the post with the page, so the
 * app paints it without asking again over a slow network. Each answer is taken once, for the same GET
 * path only, and then goes the way of any answer (parsed by `call` with the route's schema).
 */
export const PAGE_ANSWERS_ID = 'sajha-answers';

let answers: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const el = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID);
  if (el?.textContent) {
    try {
      const parsed = JSON.parse(el.textContent) as unknown;
      if (parsed && typeof parsed === 'object') for (const [k, v] of Object.entries(parsed)) answers.set(k, v);
    } catch {
      // A broken script is no answer: the app asks the server as usual.
    }
    el.remove();
  }
  return answers;
}

/** The answer the page came with for this path, once; undefined when there is none (ask the server). */
export function takePageAnswer(path: string): unknown {
  const found = load();
  const answer = found.get(path);
  found.delete(path);
  return answer;
}
