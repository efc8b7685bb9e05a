import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabelTemplates } from '../../../../../renderer/workflows/labels/label-templates.svelte.js';
import { defaultTemplates } from '../../../../../shared/labels/index.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * Labels › a template deleted (or a built-in's changes reset) in one click is put back by Undo, from main's
 * own template store: the lab's measured sizes and lines were gone with no way back but typing them in.
 */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const builtIn = defaultTemplates()[0]!;

async function savedTemplate(t: LabelTemplates, name: string): Promise<string> {
  t.choose(builtIn.id);
  t.edit();
  t.draft = { ...t.draft!, name };
  expect(await t.save(true)).toBe(true);
  return t.chosenId;
}

describe('Labels › template Undo', () => {
  it('a deleted template is saved again by Undo, whole, and chosen', async () => {
    const t = new LabelTemplates(env.api);
    await t.load();
    const id = await savedTemplate(t, 'Bench 3 cryo');
    const before = t.list.find((x) => x.id === id);
    await t.remove();
    expect(t.message).toBe('Deleted "Bench 3 cryo".');
    expect(t.list.some((x) => x.id === id)).toBe(false);

    expect(await t.undoRemove()).toBe(true);
    expect(t.message).toBe('"Bench 3 cryo" is back.');
    expect(t.chosenId).toBe(id);
    expect(t.removed).toBeNull();
    // From main's store, as a new screen reads it.
    const fresh = new LabelTemplates(env.api);
    await fresh.load();
    expect(fresh.list.find((x) => x.id === id)).toEqual(before);
    expect(await t.undoRemove()).toBe(false);
  });

  it("a built-in's changes, reset, come back by Undo", async () => {
    const t = new LabelTemplates(env.api);
    await t.load();
    t.choose(builtIn.id);
    t.edit();
    t.draft = { ...t.draft!, name: 'Our tube label' };
    expect(await t.save(false)).toBe(true);
    expect(t.isChangedBuiltIn).toBe(true);
    await t.remove();
    expect(t.chosen?.name).toBe(builtIn.name);
    expect(await t.undoRemove()).toBe(true);
    expect(t.message).toBe('Your changes to "Our tube label" are back.');
    expect(t.chosen?.name).toBe('Our tube label');
    expect(t.isChangedBuiltIn).toBe(true);
  });

  it('no Undo once another template was saved: it could write over it', async () => {
    const t = new LabelTemplates(env.api);
    await t.load();
    await savedTemplate(t, 'Plate side');
    await t.remove();
    expect(t.removed).not.toBeNull();
    await savedTemplate(t, 'Plate side');
    expect(t.removed).toBeNull();
    expect(await t.undoRemove()).toBe(false);
  });
});
