import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYOUT_FILE } from '../../../../../main/layouts/layout-store.js';
import { inProcessApi } from '../../../../helpers/in-process-api.js';
import { wellFillScreen } from '../../../../helpers/well-fill-on-main.js';

describe("Well fill: a layout's command when the saved layouts' file cannot be read", () => {
  it('says why the layout is not found (the file was moved aside), on the real main', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-layout-corrupt-'));
    writeFileSync(join(dataDir, LAYOUT_FILE), '{"version":1,"layouts":[');
    const env = await inProcessApi({ dataDir });
    const w = await wellFillScreen(env);
    try {
      await w.scan('PLT000003');
      await w.scan('#CMD:LAYOUT:qPCR controls');
      // On the old code: only "No saved layout is called …", and the reason was never said anywhere.
      expect(w.said()).toMatch(
        /^No saved layout is called "qPCR controls" \(Well fill → Layouts lists them\)\. Saved layouts could not be read \(.*\); the file was moved to .*\.$/,
      );
    } finally {
      w.stop();
      await env.close();
    }
  });
});
