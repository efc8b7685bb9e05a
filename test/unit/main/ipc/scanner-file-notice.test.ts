import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcessApi } from '../../../helpers/in-process-api.js';

describe('a scanner.json that needed care, on the real main', () => {
  it('is among the notices the page shows at start, as the settings file is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-scanner-notice-'));
    writeFileSync(
      join(dataDir, 'scanner.json'),
      JSON.stringify({
        keyboardScanners: [
          { vendorId: 'x', productId: 3 },
          { vendorId: 4, productId: 5 },
        ],
      }),
    );
    const env = await inProcessApi({ dataDir });
    try {
      const { notices } = await env.call('app.status', {});
      // On the old code the notice reached only a page listening for scanner errors at that moment.
      expect(notices).toEqual([expect.stringMatching(/^The scanner settings file \(scanner\.json\) needed care: /)]);
    } finally {
      await env.close();
    }
  });
});
