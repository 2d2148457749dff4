/**
 * The AI assistant as members meet it: with the built-in provider (example prompts, grounded answers,
 * an honest refusal pointing to /help, the input rules, the conversation across reloads, New chat, each member's
 * own conversation), and with an OpenAI-compatible model served by the test (formatting, code blocks
 * with copy, HTML shown as text, Thinking... and streaming, upstream errors and timeouts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AI_EXAMPLE_PROMPTS, AiText, HelpText, Messages } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { startFakeOpenAi, type FakeOpenAi } from '../apps/server/test/fake-openai.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E, type Viewport } from './harness.js';

const DESKTOP = { width: 1440, height: 900 };

async function signedInPage(e2e: E2E, user: TestUser, viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

const input = (page: Page) => page.getByRole('textbox', { name: AiText.inputLabel });
const replies = (page: Page) => page.locator('[data-ai-message="assistant"]');
const questions = (page: Page) => page.locator('[data-ai-message="user"]');
const examples = (page: Page) => page.getByRole('list', { name: AiText.examples }).getByRole('button');

async function openAi(page: Page): Promise<void> {
  await page.goto('/ai');
  await page.getByRole('heading', { name: 'AI Chat', level: 1 }).waitFor();
  await expect.poll(() => input(page).isEnabled()).toBe(true);
}

async function ask(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
  await questions(page).filter({ hasText: text }).last().waitFor();
}

describe('AI assistant with the built-in provider', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the welcome panel with 4 of the 20 example prompts and the provider, reached from the chat AI button', async () => {
    const user = await createUser(e2e.db);
    const page = await signedInPage(e2e, user);
    await page.goto('/message');
    await page.getByRole('button', { name: 'AI assistant' }).click();
    await page.waitForURL('**/ai');
    await page.getByRole('heading', { name: Messages.ai.welcomeTitle }).waitFor();
    expect(await page.getByText(Messages.ai.welcomeText).isVisible()).toBe(true);
    const shown = await examples(page).allTextContents();
    expect(shown).toHaveLength(4);
    expect(new Set(shown).size).toBe(4);
    for (const prompt of shown) expect(AI_EXAMPLE_PROMPTS).toContain(prompt);
    await page.getByText(`${AiText.poweredBy} Sajha's built-in guide`).waitFor();
    expect(await page.title()).toBe('AI Chat');
    await expectAccessible(page);
  });

  it('a member clicks the prize example and gets the three prize amounts; an unrelated question gets an honest refusal pointing to /help', async () => {
    const user = await createUser(e2e.db);
    const page = await signedInPage(e2e, user);
    // A fixed draw (Math.random() always 0) puts the first four prompts, the prize question among them, on the panel.
    await page.addInitScript(() => {
      Math.random = () => 0;
    });
    await openAi(page);
    const prize = 'What are the prizes for the monthly contest?';
    await examples(page).filter({ hasText: prize }).click();
    // Clicking fills the input; it does not send.
    expect(await input(page).inputValue()).toBe(prize);
    expect(await questions(page).count()).toBe(0);
    await input(page).press('Enter');
    await questions(page).filter({ hasText: prize }).waitFor();
    const answer = replies(page).last();
    await answer.getByText(/2000/).first().waitFor();
    const text = await answer.innerText();
    expect(text).toMatch(/NRS 5000/);
    expect(text).toMatch(/3000/);
    expect(text).toMatch(/2000/);
    // The help article the answer comes from is a link.
    const source = answer
      .getByRole('link')
      .filter({ hasText: /contest/i })
      .last();
    expect(await source.getAttribute('href')).toMatch(/^\/help\/contest/);
    expect(await input(page).inputValue()).toBe('');
    await expectAccessible(page);

    await ask(page, 'What is the capital of France?');
    await expect.poll(() => replies(page).count()).toBe(2);
    await replies(page).last().getByText(HelpText.offTopic.slice(0, 40), { exact: false }).waitFor();
    expect(await replies(page).last().getByRole('link', { name: '/help' }).getAttribute('href')).toBe('/help');
    await expectAccessible(page);
  });

  it('keeps the input rules: no blank send, Enter sends, Shift+Enter adds a line, the input grows to 200 px', async () => {
    const user = await createUser(e2e.db);
    const page = await signedInPage(e2e, user, { width: 390, height: 844 });
    await openAi(page);
    const send = page.getByRole('button', { name: AiText.send });
    expect(await send.isDisabled()).toBe(true);
    await input(page).fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await input(page).press('Enter');
    expect(await questions(page).count()).toBe(0);
    await page.getByRole('heading', { name: Messages.ai.welcomeTitle }).waitFor();

    await input(page).fill('');
    const startHeight = await input(page).evaluate((el) => el.getBoundingClientRect().height);
    await input(page).pressSequentially('How do I');
    await input(page).press('Shift+Enter');
    await input(page).pressSequentially('log in?');
    expect(await input(page).inputValue()).toBe('How do I\nlog in?');
    for (let i = 0; i < 14; i += 1) await input(page).press('Shift+Enter');
    const grown = await input(page).evaluate((el) => el.getBoundingClientRect().height);
    expect(grown).toBeGreaterThan(startHeight);
    expect(grown).toBeLessThanOrEqual(200);
    await input(page).fill('How do I\nlog in?');
    await input(page).press('Enter');
    await replies(page)
      .last()
      .getByText(/sign in|signin/i)
      .first()
      .waitFor();
    expect(await questions(page).last().innerText()).toBe('How do I\nlog in?');
    await expectAccessible(page);
  });

  it('keeps the conversation across a reload, for that member only, until New chat', async () => {
    const asha = await createUser(e2e.db);
    const bikash = await createUser(e2e.db);
    const [pa, pb] = await Promise.all([signedInPage(e2e, asha), signedInPage(e2e, bikash)]);
    await openAi(pa);
    await ask(pa, 'Is Sajha free to join?');
    await replies(pa).last().getByText(/free/).first().waitFor();

    await pa.reload();
    await questions(pa).filter({ hasText: 'Is Sajha free to join?' }).waitFor();
    expect(await replies(pa).count()).toBe(1);
    expect(await replies(pa).last().innerText()).toMatch(/free/);

    // Another member's /ai is their own: the welcome panel, not Asha's chat.
    await openAi(pb);
    await pb.getByRole('heading', { name: Messages.ai.welcomeTitle }).waitFor();
    expect(await questions(pb).count()).toBe(0);

    await pa.getByRole('button', { name: AiText.newChat }).click();
    await pa.getByRole('heading', { name: Messages.ai.welcomeTitle }).waitFor();
    expect(await questions(pa).count()).toBe(0);
    await pa.reload();
    await pa.getByRole('heading', { name: Messages.ai.welcomeTitle }).waitFor();
    expect(await questions(pa).count()).toBe(0);
  });
});

describe('AI assistant with an OpenAI-compatible model', () => {
  let e2e: E2E;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    e2e = await startE2E({
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-e2e-secret',
        AI_MODEL: 'sajha-test-model',
        AI_TIMEOUT_MS: '1500',
      },
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await fake?.close();
  });

  it('renders formatting and a code block with a language label and copy (check mark for 2 s); model HTML stays text', async () => {
    const user = await createUser(e2e.db);
    const page = await signedInPage(e2e, user);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    fake.behave = () => ({
      kind: 'text',
      text: [
        '##Getting started##',
        'This is **bold**, *italic* and __underlined__.',
        'A second line.',
        '<img src=x onerror="window.__pwned=1"><b>not bold</b>',
        '```ts',
        'const prize: number = 5000;',
        '```',
        'Done.',
      ].join('\n'),
    });
    await openAi(page);
    await page.getByText(`${AiText.poweredBy} sajha-test-model`).waitFor();
    await ask(page, 'Show me formatting');
    const reply = replies(page).last();
    await reply.getByText('Done.').waitFor();
    await expectAccessible(page);

    expect(await reply.getByRole('heading', { name: 'Getting started' }).isVisible()).toBe(true);
    expect(await reply.locator('strong').innerText()).toBe('bold');
    expect(await reply.locator('em').innerText()).toBe('italic');
    expect(await reply.locator('u').innerText()).toBe('underlined');
    expect(await reply.locator('br').count()).toBeGreaterThanOrEqual(1);
    // The model's HTML is shown as text, never as elements.
    await reply.getByText('<img src=x onerror="window.__pwned=1"><b>not bold</b>').waitFor();
    expect(await reply.locator('img, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const block = reply.locator('[data-code-block]');
    expect(await block.locator('[data-code-language]').innerText()).toBe('ts');
    expect(await block.locator('pre').innerText()).toBe('const prize: number = 5000;');
    await block.getByRole('button', { name: AiText.copy }).click();
    const copiedAt = Date.now();
    await block.getByRole('button', { name: AiText.copied }).waitFor();
    expect(await block.getByTestId('copied-check').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const prize: number = 5000;');
    await block.getByRole('button', { name: AiText.copy }).waitFor({ timeout: 5000 });
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(1800);
  });

  it('shows Thinking... with the input disabled, then the streamed text as it arrives', async () => {
    const user = await createUser(e2e.db);
    const page = await signedInPage(e2e, user);
    let think!: () => void;
    let rest!: () => void;
    const before = new Promise<void>((r) => (think = r));
    const gate = new Promise<void>((r) => (rest = r));
    fake.behave = () => ({
      kind: 'text',
      text: '',
      chunks: ['Sajha means ', '"shared" ', 'in Nepali.'],
      before,
      gate,
    });
    await openAi(page);
    await ask(page, 'What does Sajha mean?');
    await page.getByRole('status').getByText(Messages.ai.thinking).waitFor();
    expect(await input(page).isDisabled()).toBe(true);
    await expectAccessible(page);
    expect(fake.requests.at(-1)!.body.stream).toBe(true);
    expect(fake.requests.at(-1)!.body.messages[0]!.content).toContain('Help articles:');

    think();
    // The first piece is on the page while the model still holds back the rest.
    await replies(page).last().getByText('Sajha means').waitFor();
    expect(await replies(page).last().innerText()).not.toContain('Nepali');
    expect(await page.getByText(Messages.ai.thinking).count()).toBe(0);
    expect(await input(page).isDisabled()).toBe(true);

    rest();
    await replies(page).last().getByText('Sajha means "shared" in Nepali.').waitFor();
    await expect.poll(() => input(page).isEnabled()).toBe(true);
  });

  it('shows the catalogue messages for an upstream 500, a timeout and an empty reply', async () => {
    const user = await createUser(e2e.db);
    const page = await signedInPage(e2e, user);
    await openAi(page);

    fake.behave = () => ({
      kind: 'error',
      status: 500,
      body: { error: { message: 'model exploded', type: 'server_error' } },
    });
    await ask(page, 'First question');
    await replies(page).last().getByText(Messages.ai.error).waitFor();
    expect(await page.getByText('model exploded').count()).toBe(0);

    fake.behave = () => ({ kind: 'hang' });
    await ask(page, 'Second question');
    await page.getByText(Messages.ai.thinking).waitFor();
    await expect.poll(() => replies(page).count(), { timeout: 10_000 }).toBe(2);
    expect(await replies(page).last().innerText()).toBe(Messages.ai.error);

    fake.behave = () => ({ kind: 'text', text: '' });
    await ask(page, 'Third question');
    await expect.poll(() => replies(page).count()).toBe(3);
    await replies(page).last().getByText(Messages.ai.empty).waitFor();
    await expectAccessible(page);

    // Error bubbles are not sent back to the model as if it had said them.
    const history = fake.requests.at(-1)!.body.messages.filter((m) => m.role !== 'system');
    expect(history).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'user', content: 'Second question' },
      { role: 'user', content: 'Third question' },
    ]);
  });
});
