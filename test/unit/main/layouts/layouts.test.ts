import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { layoutFromCsv, layoutToCsv } from '../../../../main/layouts/layout-csv.js';
import { createLayoutStore, LAYOUT_FILE, MAX_SAVED_LAYOUTS } from '../../../../main/layouts/layout-store.js';
import { layoutsHandlers } from '../../../../main/ipc/handlers/layouts.js';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import { layoutPayload } from '../../../../shared/barcode/commands.js';
import { tempDir } from '../outbox/helpers.js';

/** Who calls the handlers here: a test, as the router would say. */
const TEST = { transport: 'test' } as const;

const QPCR =
  'position,label,tags\nA1,NEG_CONTROL,ntc\nA02,neg_control,ntc\nA3,NEG_CONTROL,ntc\nA12,STANDARD,std;1e6\nB12,STANDARD,std;1e5\n';

describe('plate layouts as CSV', () => {
  it('reads position,label,tags (any case, A01 as A1, tags split on ;) and writes it back the same', () => {
    const l = layoutFromCsv('qPCR NTC', 96, QPCR);
    expect(l.wells).toEqual([
      { position: 'A1', label: 'NEG_CONTROL', tags: ['ntc'] },
      { position: 'A2', label: 'NEG_CONTROL', tags: ['ntc'] },
      { position: 'A3', label: 'NEG_CONTROL', tags: ['ntc'] },
      { position: 'A12', label: 'STANDARD', tags: ['std', '1e6'] },
      { position: 'B12', label: 'STANDARD', tags: ['std', '1e5'] },
    ]);
    expect(layoutFromCsv('again', 96, layoutToCsv(l)).wells).toEqual(l.wells);
  });

  it('says every problem with its line, and saves nothing from such a file', () => {
    const bad = 'position,label,tags\nA1,NEG_CONTROL,\nZ99,BLANK,\nA1,BLANK,\nB2,PURPLE,\n';
    expect(() => layoutFromCsv('x', 96, bad)).toThrow(
      /line 3: Z99 is not on a 96-well plate.*line 4: A1 is listed twice.*line 5: label must be one of/,
    );
    expect(() => layoutFromCsv('x', 96, 'well;what\nA1;BLANK')).toThrow(/first line must name the columns/);
    expect(() => layoutFromCsv('x', 96, 'position,label\n')).toThrow(/no wells/);
    // P24 is on a 384-well plate only.
    expect(layoutFromCsv('big', 384, 'position,label\nP24,BLANK').wells[0]?.position).toBe('P24');
    expect(() => layoutFromCsv('small', 96, 'position,label\nP24,BLANK')).toThrow(/P24 is not on a 96-well plate/);
  });

  it('a layout command barcode names its layout; the prefix and the word are read in any case', () => {
    const classify = createClassifier();
    expect(classify(layoutPayload('qPCR NTC'))).toMatchObject({ kind: 'command', layout: 'qPCR NTC' });
    expect(classify('#cmd:layout:QPCR NTC')).toMatchObject({ kind: 'command', layout: 'QPCR NTC' });
    expect(classify('#CMD:LAYOUT:')).toMatchObject({ kind: 'unknown' });
  });
});

describe('the layout store', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => (t = tempDir('layouts-')));
  afterEach(() => t.cleanup());

  it('layouts saved at once (a double click, two windows) are all kept: each answered saved, and was', async () => {
    const handlers = layoutsHandlers(createLayoutStore(t.dir));
    const names = ['qPCR-1', 'qPCR-2', 'qPCR-3', 'qPCR-4'];
    const answers = await Promise.all(
      names.map((name) => handlers['layouts.save']({ layout: layoutFromCsv(name, 96, QPCR) }, TEST)),
    );
    expect(answers.map((a) => a.layouts.length).sort()).toEqual([1, 2, 3, 4]);
    // On the old code each read the file before the others wrote: the last one's list alone stood.
    expect((await handlers['layouts.list']({}, TEST)).layouts.map((l) => l.name).sort()).toEqual(names);
    await Promise.all([
      handlers['layouts.delete']({ name: 'qPCR-1' }, TEST),
      handlers['layouts.delete']({ name: 'qPCR-2' }, TEST),
    ]);
    expect((await handlers['layouts.list']({}, TEST)).layouts.map((l) => l.name)).toEqual(['qPCR-3', 'qPCR-4']);
  });

  it(`keeps at most ${MAX_SAVED_LAYOUTS}: one more is refused with what to do; a saved one is still replaced`, async () => {
    const one = layoutFromCsv('x', 96, QPCR);
    const full = Array.from({ length: MAX_SAVED_LAYOUTS }, (_, i) => ({ ...one, name: `L${i}` }));
    writeFileSync(join(t.dir, LAYOUT_FILE), JSON.stringify({ version: 1, layouts: full }));
    const handlers = layoutsHandlers(createLayoutStore(t.dir));
    await expect(handlers['layouts.save']({ layout: { ...one, name: 'one more' } }, TEST)).rejects.toThrow(
      `Not saved: ${MAX_SAVED_LAYOUTS} layouts are saved already. Delete one you no longer use, then save again.`,
    );
    expect((await handlers['layouts.save']({ layout: { ...one, name: 'l7' } }, TEST)).layouts).toHaveLength(
      MAX_SAVED_LAYOUTS,
    );
  });

  it('saves, replaces by name in any case, finds and deletes', async () => {
    const store = createLayoutStore(t.dir);
    expect((await store.load()).layouts).toEqual([]);
    await store.put(layoutFromCsv('qPCR NTC', 96, QPCR));
    const replaced = await store.put(layoutFromCsv('QPCR ntc', 96, 'position,label\nH12,BLANK'));
    expect(replaced.map((l) => l.name)).toEqual(['QPCR ntc']);
    expect((await store.find('qpcr NTC'))?.wells).toEqual([{ position: 'H12', label: 'BLANK', tags: [] }]);
    expect(await store.remove('Qpcr Ntc')).toEqual([]);
  });

  it('a corrupt file is moved aside with the reason, never overwritten', async () => {
    writeFileSync(join(t.dir, LAYOUT_FILE), '{"version":1,"layouts":[{"name":"x"');
    const loaded = await createLayoutStore(t.dir).load();
    expect(loaded.layouts).toEqual([]);
    expect(loaded.recovered).toMatch(/not valid JSON.*moved to/);
    expect(readdirSync(t.dir).some((f) => f.startsWith(LAYOUT_FILE) && f !== LAYOUT_FILE)).toBe(true);
  });

  it("a corrupt file met first by a save, or by a layout's command, is still said once to the screen", async () => {
    const write = () => writeFileSync(join(t.dir, LAYOUT_FILE), '{"version":1,"layouts":[');
    write();
    const store = createLayoutStore(t.dir);
    const handlers = layoutsHandlers(store);
    // On the old code the save answered the new list alone and the next list said nothing: the saved
    // layouts were gone without a word.
    const saved = await handlers['layouts.save']({ layout: layoutFromCsv('three', 96, QPCR) }, TEST);
    expect(saved.layouts.map((l) => l.name)).toEqual(['three']);
    expect(saved.notice).toMatch(/^Saved layouts could not be read \(.*\); the file was moved to .*\.$/);
    expect((await handlers['layouts.list']({}, TEST)).notice).toBeUndefined();

    // Read first by the command sheet (store.load, as main/app.ts does): the list tells the screen.
    write();
    await store.load();
    expect((await handlers['layouts.list']({}, TEST)).notice).toMatch(/^Saved layouts could not be read/);
    expect((await handlers['layouts.list']({}, TEST)).notice).toBeUndefined();
  });
});
