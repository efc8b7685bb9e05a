import { expect, test } from '@playwright/test';
import { openData } from './helpers.js';
import { uploadTinyPng } from './page-ipc.js';

test.describe('Data › Labspaces & folders: attach an image to a page', () => {
  test('checks the image name, refuses a file ID that was never uploaded, attaches an uploaded one', async ({
    page,
  }) => {
    await openData(page, 'Labspaces & folders');
    const form = page.getByTestId('attach-image');
    const button = form.getByRole('button', { name: 'Attach image' });
    await form.getByLabel('Page identifier').fill('EXP-0001');
    await form.getByLabel('Uploaded file ID').fill('not-an-upload');
    await form.getByLabel('Image name').fill('gel.doc');
    await expect(form).toContainText('Use an image file name');
    await expect(button).toBeDisabled();

    await form.getByLabel('Image name').fill('gel.png');
    await button.click();
    await expect(page.getByTestId('attach-image-status')).toHaveAttribute('data-phase', 'failed');
    await expect(page.getByTestId('attach-image-status-error')).toContainText('is not a stored upload');
    await page.getByTestId('attach-image-status').getByRole('button', { name: 'Discard it' }).click();

    const fileId = await uploadTinyPng(page, 'gel.png');
    await form.getByLabel('Uploaded file ID').fill(fileId);
    await button.click();
    await expect(page.getByTestId('attach-image-status')).toHaveAttribute('data-phase', 'done');
  });
});
