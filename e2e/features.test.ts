/** The features page as three members meet it: suggest (refused when blank), see it Pending, an admin marks it Implemented and the suggester hears, another votes once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FeatureMessages } from '@sajha/contract';
import { createUser, sessionCookie, type TestUser } from '../apps/server/test/harness.js';
import { expectAccessible } from './axe.js';
import { startE2E, type E2E } from './harness.js';

const ADMIN_EMAIL = 'admin@sajha.example';
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
});
afterAll(async () => {
  await e2e?.close();
});

async function signedInPage(user: TestUser, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await e2e.newPage(viewport);
  const [name, value] = (await sessionCookie(e2e.db, user.id, true)).split('=');
  await page.context().addCookies([{ name: name!, value: value!, url: e2e.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

const row = (page: Page, feature: string) => page.getByTestId('feature-row').filter({ hasText: feature });

describe('features page', () => {
  it('a member suggests, an admin implements it and the member is told, another member votes once', async () => {
    const asha = await createUser(e2e.db, { name: 'Asha Gurung' });
    const admin = await createUser(e2e.db, { name: 'Site Admin', email: ADMIN_EMAIL });
    const bikash = await createUser(e2e.db, { name: 'Bikash Thapa' });

    const pa = await signedInPage(asha, { width: 390, height: 844 });
    await pa.goto('/features');
    await pa.getByRole('tab', { name: 'Features List' }).waitFor();
    await pa.getByText(FeatureMessages.empty).waitFor();
    await expectAccessible(pa);

    await pa.getByRole('tab', { name: 'Suggest Feature' }).click();
    const form = pa.getByRole('form', { name: 'Suggest a feature' });
    expect(await form.getByRole('textbox', { name: 'Feature' }).getAttribute('required')).not.toBeNull();
    expect(await form.getByRole('textbox', { name: 'Description' }).getAttribute('required')).not.toBeNull();
    await expectAccessible(pa);
    // Blank: the server refuses and the toast says why.
    await form.getByRole('button', { name: 'Submit' }).click();
    await pa.getByText(FeatureMessages.featureRequired).waitFor();
    await expectAccessible(pa);
    await form.getByRole('textbox', { name: 'Feature' }).fill('Dark mode');
    await form.getByRole('textbox', { name: 'Description' }).fill('Easier on the eyes at night.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await pa.getByText(FeatureMessages.submitted).waitFor();
    await row(pa, 'Dark mode').getByTestId('feature-status').getByText('Pending').waitFor();
    await row(pa, 'Dark mode').getByText('Asha Gurung').waitFor();

    // The same member cannot suggest the same title again.
    await pa.getByRole('tab', { name: 'Suggest Feature' }).click();
    await form.getByRole('textbox', { name: 'Feature' }).fill('dark mode');
    await form.getByRole('textbox', { name: 'Description' }).fill('Again');
    await form.getByRole('button', { name: 'Submit' }).click();
    await pa.getByText(FeatureMessages.duplicate).waitFor();
    await pa.getByRole('tab', { name: 'Features List' }).click();

    // Another member votes with an eager double click: one vote, never two (toggling back is a server test).
    const pb = await signedInPage(bikash);
    await pb.goto('/features');
    await row(pb, 'Dark mode').getByRole('button', { name: 'Vote for Dark mode' }).dblclick();
    await row(pb, 'Dark mode').getByRole('button', { name: 'Remove vote for Dark mode', pressed: true }).waitFor();
    await row(pb, 'Dark mode').getByTestId('vote-count').getByText('1').waitFor();
    await expectAccessible(pb);
    // Sorted by votes, and the report dialog on someone else's suggestion.
    await pb.getByRole('button', { name: 'Most votes' }).click();
    await pb.getByRole('button', { name: 'Most votes', pressed: true }).waitFor();
    await expectAccessible(pb);
    await row(pb, 'Dark mode').getByRole('button', { name: 'Report Dark mode' }).click();
    const report = pb.getByRole('dialog', { name: 'Report suggestion' });
    await report.waitFor();
    await expectAccessible(pb);
    await pb.keyboard.press('Escape');
    await report.waitFor({ state: 'detached' });
    await pb.reload();
    await row(pb, 'Dark mode').getByTestId('vote-count').getByText('1').waitFor();
    // Asha's open list follows live.
    await row(pa, 'Dark mode').getByTestId('vote-count').getByText('1').waitFor();
    // Members who are not admins get no status control.
    expect(await pb.getByRole('combobox', { name: /Status of/ }).count()).toBe(0);

    // The admin marks it Implemented; Asha is notified and her list follows.
    const pAdmin = await signedInPage(admin);
    await pAdmin.goto('/features');
    await row(pAdmin, 'Dark mode').getByRole('combobox', { name: 'Status of Dark mode' }).click();
    await pAdmin.getByRole('option', { name: 'Implemented' }).waitFor();
    await expectAccessible(pAdmin);
    await pAdmin.getByRole('option', { name: 'Implemented' }).click();
    await pAdmin.getByText(FeatureMessages.statusChanged).waitFor();
    await expectAccessible(pAdmin);
    await pa.getByText(FeatureMessages.notifyImplemented('Dark mode')).first().waitFor();
    await row(pa, 'Dark mode').getByTestId('feature-status').getByText('Implemented').waitFor();
    await row(pb, 'Dark mode').getByTestId('feature-status').getByText('Implemented').waitFor();
  }, 120_000);
});
