import { expect, test } from '@playwright/test';
import { openData } from './helpers.js';

test.describe('Data › Sequences', () => {
  test('lists sequences, shows residues in numbered blocks of 10 and the topology', async ({ page }) => {
    await openData(page, 'Sequences');
    const list = page.getByTestId('sequence-list');
    await expect(list.getByRole('button')).toHaveCount(5);
    await expect(page.getByTestId('sequence-page')).toHaveText('Page 1 of 1 · 5 sequences');

    await list.getByRole('button', { name: /pGEX-4T-1/ }).click();
    const view = page.getByTestId('sequence-view');
    await expect(view.getByTestId('topology')).toHaveText('◯ circular');
    await expect(view).toContainText('75 bp');
    const lines = (await view.getByTestId('residues').textContent())?.trimEnd().split('\n') ?? [];
    expect(lines[0]).toBe(' 1 ACGTTATCGA CTGCACGGTG CACCAATGCT TCTGGCGTCA GGCAGCCATC GGAAGCTGTG');
    expect(lines[1]).toBe('61 GTATGGCTGT GCAGG');
    await expect(view).toContainText('Circular: position 75 is followed by position 1.');

    await list.getByRole('button', { name: /Insulin-B-chain/ }).click();
    await expect(view.getByTestId('topology')).toHaveText('— linear');
    await expect(view).toContainText('30 aa');

    // Looking one up by name uses the current listing endpoint; an unknown name says so.
    await page.getByLabel('Find a sequence by name').fill('No such plasmid');
    await page.getByLabel('Find a sequence by name').press('Enter');
    await expect(page.getByTestId('sequence-error')).toContainText('no sequence named "No such plasmid"');
  });

  test('attaches a sequence to a row through the deprecated endpoint, labelled so', async ({ page }) => {
    await openData(page, 'Sequences');
    await page
      .getByTestId('sequence-list')
      .getByRole('button', { name: /pUC19-fragment/ })
      .click();
    const form = page.getByTestId('attach-sequence');
    await expect(form.getByText('deprecated endpoint')).toBeVisible();
    await form.getByRole('combobox', { name: /^Labsheet/ }).fill('Samples');
    await form.getByLabel('Row ID').fill('S-0003');
    await form.getByLabel('Sequence column').fill('Plasmid');
    await form.getByRole('button', { name: 'Attach sequence' }).click();
    await expect(page.getByTestId('attach-status')).toHaveAttribute('data-phase', 'done');

    // A row that does not exist: the service's answer is shown.
    await form.getByLabel('Row ID').fill('S-9999');
    await form.getByRole('button', { name: 'Attach sequence' }).click();
    await expect(page.getByTestId('attach-status')).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByTestId('attach-status-error')).toContainText('S-9999');
    await page.getByTestId('attach-status').getByRole('button', { name: 'Discard it' }).click();
  });
});
