import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabelSources } from '../../../../../renderer/workflows/labels/label-sources.svelte.js';
import { handleLabelScan } from '../../../../../renderer/workflows/labels/label-scans.js';
import type { ScanSourceKind } from '../../../../../renderer/lib/scan-input/scan-hub.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * What Labels looks up for a scan is the code the classifier reads, as on every bench screen: looked up
 * as read, a HID POS scanner's ]C0TB000011 was "not in the labsheet Samples" and its ]C0PLT000001 no
 * plate, so a scanner sending AIM ids could label nothing. The real main in-process and its demo lab.
 */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const scan = (text: string, source: ScanSourceKind = 'hid') => ({ text, source, mainAt: null });

describe('Labels › a scan is looked up as the classifier reads it', () => {
  it('a tube read with its AIM id, or Code 39 start/stop, or with Caps Lock on, joins the batch', async () => {
    const s = new LabelSources(env.api, () => '2026-11-29');
    s.kind = 'rows';
    expect(await handleLabelScan(s, scan(']C0TB000011'))).toEqual({
      ok: true,
      message: 'S-0011 added (1 in the batch)',
    });
    expect(await handleLabelScan(s, scan('*TB000012*', 'field'))).toMatchObject({ ok: true });
    expect(await handleLabelScan(s, scan('tb000013', 'field'))).toMatchObject({ ok: true });
    expect(s.rows.map((r) => r.record.id)).toEqual(['S-0011', 'S-0012', 'S-0013']);
  });

  it('a plate read with its AIM id opens the plate', async () => {
    const s = new LabelSources(env.api, () => '2026-11-29');
    s.kind = 'plate';
    expect(await handleLabelScan(s, scan(']C0PLT000001'))).toMatchObject({ ok: true });
    expect(s.plate?.hrid).toBe('PL-0001');
  });

  it('refuses, without a look-up, what every screen refuses, a command and GS1 data', async () => {
    const s = new LabelSources(env.api, () => '2026-11-29');
    s.kind = 'rows';
    expect(await handleLabelScan(s, scan('TB000011TB000012', 'field'))).toEqual({
      ok: false,
      message:
        'Nothing recorded: this is tube barcode TB000011 and tube barcode TB000012, in one read: scan each code on its own. If it happens again, set the scanner to send Enter after each code (its suffix)',
    });
    expect(await handleLabelScan(s, scan('#CMD:UNDO', 'field'))).toEqual({
      ok: false,
      message:
        '#CMD:UNDO is a command barcode: nothing done. Command barcodes work on Well fill and Assign location, not on Labels',
    });
    expect(await handleLabelScan(s, scan(']d201095060001343521726113010LOT-7'))).toMatchObject({
      ok: false,
      message: 'product 09506000134352, lot LOT-7, expires 2026-11-30 — not a tube or sample ID: no label made',
    });
    expect(s.rows).toEqual([]);
  });

  it('a tube scanned for a plate, or a plate for the batch, names the source that labels it', async () => {
    const s = new LabelSources(env.api, () => '2026-11-29');
    s.kind = 'plate';
    // Looked up as a plate: "The service has no plate or box with this barcode".
    expect(await handleLabelScan(s, scan('TB000011', 'field'))).toEqual({
      ok: false,
      message: 'TB000011 is a tube: to label it, choose Scanned rows and scan it again',
    });
    expect(s.plate).toBeNull();
    s.kind = 'rows';
    expect(await handleLabelScan(s, scan('BOX000001', 'field'))).toEqual({
      ok: false,
      message: 'BOX000001 is a box: to label it, choose Plate or box and scan it again',
    });
    expect(s.rows).toEqual([]);
  });
});
