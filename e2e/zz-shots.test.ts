import { afterAll, beforeAll, it } from 'vitest';
import { createUser, sessionCookie } from '../apps/server/test/harness.js';
import { startFakeOpenAi, type FakeOpenAi } from '../apps/server/test/fake-openai.js';
import { startE2E, type E2E } from './harness.js';

let e2e: E2E;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  e2e = await startE2E({ env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, AI_MODEL: 'llama3.2' } });
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

it('shots', async () => {
  for (const [w, h] of [[390, 844], [1440, 900]] as const) {
    const user = await createUser(e2e.db);
    const page = await e2e.newPage({ width: w, height: h });
    const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
    await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl }]);
    await page.goto('/ai');
    await page.getByRole('heading', { name: 'Welcome to AI Chat' }).waitFor();
    await page.screenshot({ path: `/tmp/ai-welcome-${w}.png` });
    fake.behave = () => ({ kind: 'text', text: "##Contest prizes##\nEach month the three best entries win cash prizes: **first prize NRS 5000**, **second prize NRS 3000** and **third prize NRS 2000**.\n\nRead more: /terms#contest" });
    await page.getByRole('textbox', { name: 'Ask the AI assistant' }).fill('What are the prizes?');
    await page.keyboard.press('Enter');
    await page.getByText('Read more').waitFor();
    fake.behave = () => ({ kind: 'text', text: 'Here is *some* code:\n```js\nconst prize = 5000;\nconsole.log(`First prize: NRS ${prize}`);\n```\n<img src=x onerror=alert(1)> stays text.' });
    await page.getByRole('textbox', { name: 'Ask the AI assistant' }).fill('Show code\nplease');
    await page.keyboard.press('Enter');
    await page.getByText('stays text').waitFor();
    await page.getByRole('button', { name: 'Copy code' }).click();
    await page.screenshot({ path: `/tmp/ai-chat-${w}.png` });
    let release!: () => void;
    fake.behave = () => ({ kind: 'text', text: 'x', before: new Promise<void>((r) => (release = r)) });
    await page.getByRole('textbox', { name: 'Ask the AI assistant' }).fill('Slow one');
    await page.keyboard.press('Enter');
    await page.getByText('Thinking...').first().waitFor();
    await page.screenshot({ path: `/tmp/ai-thinking-${w}.png` });
    release();
  }
});
