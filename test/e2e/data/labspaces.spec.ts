import { expect, test } from '@playwright/test';
import { clearToken, openData, unique, useToken } from './helpers.js';
import { useHostWithFixture } from './second-host.js';

/** The demo lab's non-admin user (main/sandbox/demo-data.ts DEMO_USER_TOKEN). */
const TECH_TOKEN = '9e4d2a71-3b8c-4f05-a6d1-72c0e5b9f318';

test.describe('Data › Labspaces & folders (demo lab)', () => {
  test('lists labspaces, shows one, looks a folder up by name and by uuid', async ({ page }) => {
    await openData(page, 'Labspaces & folders');
    const list = page.getByTestId('labspace-list');
    await expect(list.getByRole('button').first()).toHaveText('Molecular Biology');
    await expect(list.getByRole('button', { name: 'Cell Culture' })).toBeVisible();
    await list.getByRole('button', { name: 'Cell Culture' }).click();
    await expect(page.getByTestId('labspace-view')).toContainText('Cell lines and media');

    await page.getByTestId('folder-query').fill('Inventory');
    await page.getByTestId('folder-query').press('Enter');
    const result = page.getByTestId('folder-result');
    await expect(result).toContainText('Molecular Biology:Inventory');
    const uuid = (await result.locator('code').textContent()) ?? '';

    await page.getByLabel('Look up by').selectOption('uuid');
    await page.getByTestId('folder-query').fill(uuid);
    await page.getByTestId('folder-query').press('Enter');
    await expect(result).toContainText('Inventory');

    await page.getByLabel('Look up by').selectOption('name');
    await page.getByTestId('folder-query').fill('Nowhere');
    await page.getByTestId('folder-query').press('Enter');
    await expect(page.getByTestId('folder-error')).toContainText('no folder named "Nowhere"');
  });

  test('creates a labspace and shows it; a duplicate name is refused with the service reason', async ({ page }) => {
    await openData(page, 'Labspaces & folders');
    const form = page.getByTestId('create-labspace');
    const name = unique('Space');
    await form.getByLabel('Labspace name').fill(name);
    await form.getByLabel('Labspace description').fill('made by the e2e test');
    await form.getByRole('button', { name: 'Create labspace' }).click();
    await expect(page.getByTestId('labspace-create-status')).toHaveAttribute('data-phase', 'done');
    await expect(page.getByTestId('labspace-list').getByRole('button', { name })).toBeVisible();
    await expect(page.getByTestId('labspace-view')).toContainText('made by the e2e test');

    await form.getByLabel('Labspace name').fill('Cell Culture');
    await form.getByRole('button', { name: 'Create labspace' }).click();
    await expect(page.getByTestId('labspace-create-status-error')).toContainText('already exists');
    await page.getByTestId('labspace-create-status').getByRole('button', { name: 'Discard it' }).click();
  });

  test('removing permissions without Super Admin is explained; with it, it works', async ({ page }) => {
    await openData(page, 'Labspaces & folders');
    try {
      await useToken(page, TECH_TOKEN);
      await page.getByRole('navigation', { name: 'Workflows' }).getByRole('button', { name: /^Data/ }).click();
      await page.getByRole('tab', { name: 'Labspaces & folders' }).click();
      await page.getByTestId('folder-query').fill('Restricted');
      await page.getByTestId('folder-query').press('Enter');
      await expect(page.getByTestId('folder-result')).toContainText('Molecular Biology:Restricted');

      const form = page.getByTestId('remove-permissions');
      await form.getByLabel('User emails').fill('tech@demo-lab.example');
      await form.getByRole('button', { name: 'Remove 1 user(s)' }).click();
      const error = page.getByTestId('permissions-status-error');
      await expect(error).toContainText('Super Admin permission required');
      await expect(error).toContainText('Only a Super Admin may change folder permissions');
      await page.getByTestId('permissions-status').getByRole('button', { name: 'Discard it' }).click();
    } finally {
      await clearToken(page);
    }

    // Back on the demo (Super Admin) token the same removal succeeds.
    await page.getByRole('navigation', { name: 'Workflows' }).getByRole('button', { name: /^Data/ }).click();
    await page.getByRole('tab', { name: 'Labspaces & folders' }).click();
    await page.getByTestId('folder-query').fill('Restricted');
    await page.getByTestId('folder-query').press('Enter');
    const form = page.getByTestId('remove-permissions');
    await form.getByLabel('User emails').fill('tech@demo-lab.example');
    await form.getByRole('button', { name: 'Remove 1 user(s)' }).click();
    await expect(page.getByTestId('permissions-status')).toHaveAttribute('data-phase', 'done');
  });
});

test.describe('Data › Labspaces & folders (duplicate folder names)', () => {
  const host = useHostWithFixture('duplicate-folders.json');

  test('a name matching two folders asks which one, by location or uuid', async ({ page }) => {
    await openData(page, 'Labspaces & folders', host.url);
    await page.getByTestId('folder-query').fill('Plates');
    await page.getByTestId('folder-query').press('Enter');
    const conflict = page.getByTestId('folder-conflict');
    await expect(conflict).toContainText('More than one folder is named “Plates”');
    await expect(conflict.getByRole('button')).toHaveText(['Genomics:Plates', 'Proteomics:Plates', 'Look up by uuid']);

    // Choosing a location addresses the folder by it (permission removal accepts a location).
    await conflict.getByRole('button', { name: 'Proteomics:Plates' }).click();
    await expect(page.getByTestId('folder-chosen')).toContainText('Proteomics:Plates');
    await expect(page.getByTestId('remove-permissions')).toContainText('Proteomics:Plates');

    // Or by uuid.
    await page.getByTestId('folder-query').press('Enter');
    await conflict.getByLabel('Folder uuid').fill('f0000000-0000-4000-8000-00000000000a');
    await conflict.getByRole('button', { name: 'Look up by uuid' }).click();
    await expect(page.getByTestId('folder-result')).toContainText('Genomics:Plates');
  });
});
