import { expect, test } from '@playwright/test';
import { openData } from './helpers.js';

test.describe('Data › Webhooks', () => {
  test('validates the JSON as it is typed and sends a custom event with its type header', async ({ page }) => {
    await openData(page, 'Webhooks');
    const editor = page.getByTestId('webhook-json');
    const state = page.getByTestId('webhook-json-state');
    const send = page.getByRole('button', { name: /Send event/ });
    // Nothing to send until the user writes it: the example is only shown.
    await expect(editor).toHaveValue('');
    await expect(state).toContainText('The payload is empty');
    await expect(send).toBeDisabled();

    await editor.fill('{\n  "event": "plate.sealed",\n  oops\n}');
    await expect(state).toContainText('Not valid JSON at line 3, column 3');
    await expect(send).toBeDisabled();
    await editor.fill('[1, 2]');
    await expect(state).toContainText('must be a JSON object');
    await editor.fill('{"event": 42}');
    await expect(state).toContainText('event');
    await expect(send).toBeDisabled();

    await editor.fill('{"event": "plate.sealed", "plate": "PL-0001"}');
    await expect(state).toHaveText('Valid JSON object.');
    await page.getByTestId('event-type').fill('bad\u0007value');
    await expect(send).toBeDisabled();
    await page.getByTestId('event-type').fill('plate-sealed');
    // Ctrl+Enter sends from inside the editor.
    await editor.press('Control+Enter');
    await expect(page.getByTestId('webhook-status')).toHaveAttribute('data-phase', 'done');
    await expect(page.getByTestId('webhook-status')).toContainText('Event accepted by the service.');
  });
});
