import { afterEach, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

let p: InProcess | null = null;
afterEach(async () => {
  await p?.close();
  p = null;
});

describe("the scanner's command sheet", () => {
  it('for the largest box leaves main free to answer a scan meanwhile (it drew 1,543 barcodes at once)', async () => {
    p = await inProcessApi();
    let drawnYet = false;
    const sheet = p.api.invoke('scanner.commandSheet', { positions: { rows: 32, columns: 48 } }).then((r) => {
      drawnYet = true;
      return r;
    });
    // Pings one after another while the sheet is drawn, each arriving in a turn of its own as a message
    // from a page does: answered between the sheet's slices. Drawn at once, none got in (about 3 s).
    let answered = 0;
    while (!drawnYet) {
      await new Promise((resolve) => setImmediate(resolve));
      await p.api.invoke('app.ping', {});
      if (!drawnYet) answered += 1;
    }
    const drawn = await sheet;
    expect(answered).toBeGreaterThan(50);
    expect(drawn.ok && drawn.value.entries.length).toBeGreaterThan(32 * 48);
    expect(drawn.ok && drawn.value.entries.every((e) => e.svg.startsWith('<svg'))).toBe(true);
  });
});
