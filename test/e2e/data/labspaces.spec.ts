import { expect, test } from '@playwright/test';
import { clearToken, openData, unique, useToken } from './helpers.js';
import { useHostWithFixture } from './second-host.js';

/** The non-admin user of fixtures/private-folder.json. */
const TECH_TOKEN = 'c8a2f4e1-6b3d-4e97-a1f5-0d7c9b3e2a48';
const TECH_EMAIL = 'tech@perm-lab.example';

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
});

/**
 * The service has no way to give a permission back once removed, so this test has a host of its own
 * for each run, on a fixture where the technician has permission on a private folder.
 */
test.describe('Data › Labspaces & folders (folder permissions)', () => {
  const host = useHostWithFixture('private-folder.json', { perTest: true });

  test('removing permissions without Super Admin is explained; with it, it works', async ({ page }) => {
    await openData(page, 'Labspaces & folders', host.url);
    try {
      await useToken(page, TECH_TOKEN);
      await page.getByRole('navigation', { name: 'Workflows' }).getByRole('button', { name: /^Data/ }).click();
      await page.getByRole('tab', { name: 'Labspaces & folders' }).click();
      await page.getByTestId('folder-query').fill('Restricted');
      await page.getByTestId('folder-query').press('Enter');
      await expect(page.getByTestId('folder-result')).toContainText('Molecular Biology:Restricted');

      const form = page.getByTestId('remove-permissions');
      await form.getByLabel('User emails').fill(TECH_EMAIL);
      await form.getByRole('button', { name: 'Remove 1 user' }).click();
      const error = page.getByTestId('permissions-status-error');
      await expect(error).toContainText('Super Admin permission required');
      await expect(error).toContainText('Only a Super Admin may change folder permissions');
      await page.getByTestId('permissions-status').getByRole('button', { name: 'Discard it' }).click();
    } finally {
      await clearToken(page);
    }

    // Back on the fixture's first (Super Admin) token the same removal succeeds.
    await page.getByRole('navigation', { name: 'Workflows' }).getByRole('button', { name: /^Data/ }).click();
    await page.getByRole('tab', { name: 'Labspaces & folders' }).click();
    await page.getByTestId('folder-query').fill('Restricted');
    await page.getByTestId('folder-query').press('Enter');
    const form = page.getByTestId('remove-permissions');
    await form.getByLabel('User emails').fill(TECH_EMAIL);
    await form.getByRole('button', { name: 'Remove 1 user' }).click();
    await expect(page.getByTestId('permissions-status')).toHaveAttribute('data-phase', 'done');

    // It really went: removing the same user again is refused by the service, saying why.
    await form.getByRole('button', { name: 'Remove 1 user' }).click();
    await expect(page.getByTestId('permissions-status-error')).toContainText('has no permission');
    await page.getByTestId('permissions-status').getByRole('button', { name: 'Discard it' }).click();
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
