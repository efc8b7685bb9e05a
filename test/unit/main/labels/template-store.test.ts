import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTemplateStore, TEMPLATE_FILE } from '../../../../main/labels/index.js';
import { defaultTemplates, labelTemplateInput } from '../../../../shared/labels/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchlink-templates-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fixedClock = (): Date => new Date('2026-11-23T09:15:00.000Z');

describe('template store', () => {
  it('starts with the default templates when nothing is saved', async () => {
    const loaded = await createTemplateStore(dir).load();
    expect(loaded.templates).toEqual(defaultTemplates());
    expect(loaded.recovered).toBeUndefined();
  });

  it('saves edits and reads them back (sizes entered in inches are stored in mm)', async () => {
    const store = createTemplateStore(dir);
    const custom = labelTemplateInput.parse({
      id: 'rack-side',
      name: 'Rack side 1.5" × 0.75"',
      size: { width: 1.5, height: 0.75, unit: 'in' },
      symbology: 'datamatrix',
      barcodeField: '{id}',
      lines: ['{name} {position}'],
    });
    expect(custom.widthMm).toBe(38.1);
    expect(custom.heightMm).toBe(19.05);
    const saved = await store.put(custom);
    expect(saved.templates.map((t) => t.id)).toContain('rack-side');
    expect((await createTemplateStore(dir).load()).templates.find((t) => t.id === 'rack-side')).toEqual(custom);
    const afterRemove = await store.remove('cryotube-code128');
    expect(afterRemove.templates.map((t) => t.id)).not.toContain('cryotube-code128');
  });

  it('moves a file that is not JSON aside, uses the defaults and says where the file went', async () => {
    writeFileSync(join(dir, TEMPLATE_FILE), '{"version":1,"templates":[{"id":"x"');
    const loaded = await createTemplateStore(dir, { now: fixedClock }).load();
    expect(loaded.templates).toEqual(defaultTemplates());
    const movedTo = join(dir, 'label-templates.json.corrupt-2026-11-23T09-15-00-000Z');
    expect(loaded.recovered?.movedTo).toBe(movedTo);
    expect(loaded.recovered?.reason).toMatch(
      /^Saved label templates could not be read \(not valid JSON \(.+\)\); the file was moved to .+ and the default templates are in use\.$/,
    );
    expect(readFileSync(movedTo, 'utf8')).toBe('{"version":1,"templates":[{"id":"x"');
    expect(readdirSync(dir)).toEqual(['label-templates.json.corrupt-2026-11-23T09-15-00-000Z']);
  });

  it('moves aside a file whose templates fail validation, naming the field', async () => {
    const bad = { version: 1, templates: [{ ...defaultTemplates()[0]!, lines: ['{nmae}'] }] };
    writeFileSync(join(dir, TEMPLATE_FILE), JSON.stringify(bad));
    const loaded = await createTemplateStore(dir, { now: fixedClock }).load();
    expect(loaded.templates).toEqual(defaultTemplates());
    expect(loaded.recovered?.reason).toContain(
      'templates.0.lines.0: Unknown field {nmae}; use one of {id}, {name}, {date}, {volume}, {hrid}, {barcode}, {position}',
    );
  });

  it('refuses to save an invalid template instead of writing a file it could not read back', async () => {
    const store = createTemplateStore(dir);
    await expect(store.save([{ ...defaultTemplates()[0]!, widthMm: -1 }])).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps every change when saves arrive at once (two windows saving different templates)', async () => {
    const store = createTemplateStore(dir);
    const base = defaultTemplates()[0]!;
    const ids = Array.from({ length: 8 }, (_, i) => `tubes-${i}`);
    await Promise.all([
      ...ids.map((id) => store.put({ ...base, id, name: `Tubes ${id}` })),
      store.remove(base.id),
      // A bad save in the middle fails alone; the saves after it still run.
      expect(store.put({ ...base, id: 'broken', widthMm: -1 })).rejects.toThrow(),
      store.put({ ...base, id: 'after-the-bad-one', name: 'After' }),
    ]);
    const saved = (await store.load()).templates.map((t) => t.id);
    expect(saved).toEqual(expect.arrayContaining([...ids, 'after-the-bad-one']));
    expect(saved).not.toContain(base.id);
    expect(saved).not.toContain('broken');
    // A second store on the same folder (a fresh start) reads the same list back.
    expect((await createTemplateStore(dir).load()).templates.map((t) => t.id)).toEqual(saved);
  });
});

describe('template schema', () => {
  it('converts inches to millimetres and keeps the unit for display', () => {
    const t = defaultTemplates().find((x) => x.id === 'cryotube-code128')!;
    expect([t.widthMm, t.heightMm, t.displayUnit]).toEqual([25.4, 12.7, 'in']);
  });

  it('rejects unknown placeholders and an empty barcode field', () => {
    const base = {
      id: 'x',
      name: 'X',
      size: { width: 50, height: 25, unit: 'mm' as const },
      symbology: 'code128' as const,
    };
    expect(labelTemplateInput.safeParse({ ...base, barcodeField: '{ID}' }).success).toBe(false);
    expect(labelTemplateInput.safeParse({ ...base, barcodeField: ' ' }).success).toBe(false);
    expect(labelTemplateInput.safeParse({ ...base, barcodeField: '{hrid}' }).success).toBe(true);
  });
});
