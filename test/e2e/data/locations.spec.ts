import { expect, test } from '@playwright/test';
import { openData, unique } from './helpers.js';

test.describe('Data › Locations', () => {
  test('creates locations asynchronously, shows progress until COMPLETED, then assigns samples there', async ({
    page,
  }) => {
    await openData(page, 'Locations');
    const form = page.getByTestId('create-locations');
    const box = unique('Box');
    await form.getByLabel('Location 1 name').fill(box);
    await form.getByLabel('Location 1 parent').fill('Shelf 1');
    await form.getByRole('button', { name: 'Add another' }).click();
    await form.getByLabel('Location 2 name').fill(box);
    // The same name under another parent is another location: only the same name in one place is twice.
    await expect(form).not.toContainText('listed twice');
    await form.getByLabel('Location 2 parent').fill('Shelf 1');
    await expect(form).toContainText(`Location 2: "${box}" is listed twice inside "Shelf 1".`);
    await expect(form.getByRole('button', { name: 'Create' })).toBeDisabled();
    await form.getByLabel('Location 2 name').fill(`${box}-b`);
    await form.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByTestId('location-progress')).toBeVisible();
    await expect(page.getByTestId('location-status')).toHaveText('COMPLETED', { timeout: 20_000 });
    const created = page.getByTestId('created-locations');
    await expect(created.locator('tbody tr')).toHaveCount(2);
    await expect(created).toContainText(box);

    await created
      .locator('tr', { hasText: `${box}-b` })
      .getByRole('button', { name: 'Assign samples here…' })
      .click();
    const assign = page.getByTestId('assign-to-location');
    await assign.getByLabel('Labsheet').fill('Samples');
    await assign.getByLabel('Samples to assign').fill('S-0101\nS-0102\n');
    await assign.getByRole('button', { name: 'Assign 2' }).click();
    await expect(page.getByTestId('assign-done')).toHaveText(`2 samples assigned to ${box}-b.`);
  });
});
