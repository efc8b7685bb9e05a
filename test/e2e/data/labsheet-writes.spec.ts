import { expect, test, type Page } from '@playwright/test';
import { openData, unique } from './helpers.js';

async function startCreate(page: Page, name: string): Promise<void> {
  await openData(page, 'Labsheets');
  await page.getByTestId('new-labsheet').click();
  await page.getByTestId('labsheet-name').fill(name);
}
const col = (page: Page, n: number, what: string) => page.getByLabel(`Column ${n} ${what}`, { exact: true });

test.describe('Data › Labsheets: create, convert, delete a column', () => {
  test('the column editor enforces the rules before anything is sent', async ({ page }) => {
    await startCreate(page, 'x'.repeat(31));
    await col(page, 2, 'name').fill('sample id'); // same as "Sample ID" ignoring case
    await page.getByRole('button', { name: 'Add column' }).click();
    await col(page, 3, 'type').selectOption('LIST');
    await col(page, 3, 'name').fill('Status');
    await page.getByRole('button', { name: 'Add column' }).click();
    await col(page, 4, 'type').selectOption('ID');
    await col(page, 4, 'name').fill('Second ID');
    await page.getByRole('button', { name: 'Create labsheet' }).click();

    const form = page.getByTestId('create-labsheet');
    await expect(page.getByTestId('draft-invalid')).toContainText('nothing was sent');
    await expect(form).toContainText('Name: at most 30 characters');
    await expect(form).toContainText('"sample id" is already used by column 1');
    await expect(form).toContainText('LIST columns need references');
    await expect(page.getByTestId('columns-issue')).toContainText(
      'exactly one column of type ID is required (found 2)',
    );
    await expect(page.getByTestId('create-status')).toHaveCount(0);

    // Magic columns show their fixed name instead of a name field.
    await col(page, 4, 'type').selectOption('LAST_MODIFIED');
    await expect(form.getByText('Last Modified (fixed name)')).toBeVisible();
  });

  test("the service's refusal of a labsheet is shown with its reason, and the entry discarded there", async ({
    page,
  }) => {
    // A link to a labsheet the service does not have: only the service knows its labsheets (the list read
    // here may be one page of them), so the draft check lets it go and the service refuses it.
    await startCreate(page, unique('Bad'));
    await col(page, 2, 'name').fill('Tube');
    await page.getByRole('button', { name: 'Add column' }).click();
    await col(page, 3, 'type').selectOption('LINK');
    await col(page, 3, 'name').fill('Parent');
    await col(page, 3, 'Other labsheet').fill('No such labsheet');
    await col(page, 3, 'Link column').fill('Sample ID');
    await page.getByRole('button', { name: 'Create labsheet' }).click();

    const status = page.getByTestId('create-status');
    await expect(status).toHaveAttribute('data-phase', 'failed');
    // Said as the Outbox says the entry: plain words first, the service's own with its status after.
    await expect(page.getByTestId('create-status-error')).toContainText(
      /The service said: .*labsheet "No such labsheet" does not exist.* \(404\)/,
    );
    // The refused entry can be discarded right here.
    await status.getByRole('button', { name: 'Discard it' }).click();
    await expect(status).toHaveCount(0);
  });

  test('creates a labsheet, converts it to a template, deletes a column after typing its name', async ({ page }) => {
    const name = unique('Extract');
    await startCreate(page, name);
    await page.getByLabel('Folder (optional)').fill('Inventory');
    await col(page, 2, 'name').fill('Yield ng');
    await col(page, 2, 'name').press('Enter'); // Enter adds the next column and focuses it
    await expect(col(page, 3, 'name')).toBeFocused();
    await page.keyboard.type('Notes');
    await page.getByRole('button', { name: 'Add column' }).click();
    await col(page, 4, 'type').selectOption('LIST');
    await col(page, 4, 'name').fill('Status');
    await col(page, 4, 'Values (comma separated)').fill('new, done');
    await page.getByRole('button', { name: 'Create labsheet' }).click();

    await expect(page.getByTestId('create-status')).toHaveAttribute('data-phase', 'done');
    await expect(page.getByTestId('create-result')).toContainText(`Molecular Biology:Inventory/${name}`);
    await expect(page.getByTestId('labsheet-list').getByRole('button', { name })).toBeVisible();

    // Open it: the new labsheet has no rows yet but has its columns.
    await page.getByTestId('labsheet-list').getByRole('button', { name }).click();
    await expect(page.getByTestId('open-labsheet')).toHaveText(name);
    await expect(page.getByTestId('rows-table').locator('thead')).toContainText('Yield ng');

    const template = page.getByTestId('template-form');
    await template.getByLabel('Template name').fill(`${name} template`);
    await template.getByRole('button', { name: 'Convert' }).click();
    await expect(page.getByTestId('template-result')).toContainText(`${name} template`);
    await expect(page.getByTestId('template-result')).toContainText('manager_template');

    const del = page.getByTestId('delete-column-form');
    await expect(del).toContainText('This cannot be undone.');
    await del.getByLabel('Column').selectOption('Notes');
    const confirm = del.getByLabel('Type the column name to confirm');
    const button = del.getByRole('button', { name: 'Delete column permanently' });
    await confirm.fill('notes'); // case matters
    await expect(button).toBeDisabled();
    await confirm.fill('Notes');
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page.getByTestId('delete-column-status')).toHaveAttribute('data-phase', 'done');
    await expect(page.getByTestId('rows-table').locator('thead')).not.toContainText('Notes');
    await expect(page.getByTestId('rows-table').locator('thead')).toContainText('Status');
  });
});
