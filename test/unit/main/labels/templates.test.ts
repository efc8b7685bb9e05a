import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TemplateList } from '../../../../shared/ipc/channels/labels.js';
import { defaultTemplates, type LabelTemplate } from '../../../../shared/labels/index.js';
import { TEMPLATE_FILE } from '../../../../main/labels/index.js';
import { labelsRig, type LabelsRig } from './router.js';

const builtIns = defaultTemplates();
const custom: LabelTemplate = {
  ...builtIns[0]!,
  id: 'my-tube',
  name: 'My tube',
  widthMm: 30,
  heightMm: 15,
  lines: ['{id}', '{volume} uL'],
};

let rig: LabelsRig;
beforeEach(async () => (rig = await labelsRig()));
afterEach(() => rig.close());

describe('labels.templates.*', () => {
  it('lists the built-in templates on a fresh data dir and marks them built-in', async () => {
    const list = await rig.value<TemplateList>('labels.templates.list', {});
    expect(list.templates.map((t) => t.id)).toEqual(builtIns.map((t) => t.id));
    expect(list.builtIn).toEqual(builtIns.map((t) => t.id));
    expect(list.recovered).toBeNull();
  });

  it('saves a new template into the app data dir, where a restart finds it', async () => {
    const saved = await rig.value<TemplateList>('labels.templates.save', { template: custom });
    expect(saved.templates.find((t) => t.id === 'my-tube')).toEqual(custom);
    const onDisk = JSON.parse(await readFile(join(rig.dataDir, TEMPLATE_FILE), 'utf8')) as {
      templates: LabelTemplate[];
    };
    expect(onDisk.templates.map((t) => t.id)).toContain('my-tube');
    // Replacing by id, not appending: one "my-tube" after a second save.
    const again = await rig.value<TemplateList>('labels.templates.save', { template: { ...custom, heightMm: 20 } });
    expect(again.templates.filter((t) => t.id === 'my-tube')).toHaveLength(1);
    expect(again.templates.find((t) => t.id === 'my-tube')?.heightMm).toBe(20);
  });

  it('removes a user template, and "remove" on an edited built-in resets it to the default', async () => {
    await rig.value('labels.templates.save', { template: custom });
    const edited = { ...builtIns[1]!, heightMm: 20 };
    await rig.value('labels.templates.save', { template: edited });
    const afterRemove = await rig.value<TemplateList>('labels.templates.remove', { id: 'my-tube' });
    expect(afterRemove.templates.some((t) => t.id === 'my-tube')).toBe(false);
    const reset = await rig.value<TemplateList>('labels.templates.remove', { id: edited.id });
    expect(reset.templates.find((t) => t.id === edited.id)).toEqual(builtIns[1]);
  });

  it('says what is wrong when there is nothing to remove', async () => {
    await rig.value('labels.templates.save', { template: custom });
    await rig.value('labels.templates.remove', { id: builtIns[0]!.id });
    const gone = await rig.call('labels.templates.remove', { id: 'no-such' });
    expect(gone).toMatchObject({
      ok: false,
      error: { code: 'failed', message: 'No saved template has the id "no-such".' },
    });
    const already = await rig.call('labels.templates.remove', { id: builtIns[0]!.id });
    expect(already).toMatchObject({ ok: false, error: { code: 'failed', message: /already has its default/ } });
  });

  it('a corrupt templates file is moved aside with the reason, and the defaults are used', async () => {
    await writeFile(join(rig.dataDir, TEMPLATE_FILE), '{ not json');
    const list = await rig.value<TemplateList>('labels.templates.list', {});
    expect(list.templates).toHaveLength(builtIns.length);
    expect(list.recovered).toMatch(/could not be read .*moved to .*label-templates\.json\.corrupt-/);
  });

  it('a save that is the first to meet a corrupt file answers why the saved templates went', async () => {
    await writeFile(join(rig.dataDir, TEMPLATE_FILE), '{ not json');
    const saved = await rig.value<TemplateList>('labels.templates.save', { template: custom });
    expect(saved.templates.map((t) => t.id)).toContain('my-tube');
    expect(saved.recovered).toMatch(/could not be read .*moved to .*label-templates\.json\.corrupt-/);
  });

  it('a remove that is the first to meet a corrupt file answers why, whether or not it found the template', async () => {
    await writeFile(join(rig.dataDir, TEMPLATE_FILE), '{ not json');
    const reset = await rig.value<TemplateList>('labels.templates.remove', { id: builtIns[0]!.id });
    expect(reset.recovered).toMatch(/could not be read .*moved to .*label-templates\.json\.corrupt-/);

    await writeFile(join(rig.dataDir, TEMPLATE_FILE), '{ not json either');
    const gone = await rig.call('labels.templates.remove', { id: 'my-tube' });
    expect(gone).toMatchObject({
      ok: false,
      error: {
        code: 'failed',
        message: /^No saved template has the id "my-tube"\. Saved label templates could not be read .*moved to /,
      },
    });
  });

  it('refuses a template with a misspelt field or an impossible size, naming the field', async () => {
    const typo = await rig.call('labels.templates.save', { template: { ...custom, lines: ['{nmae}'] } });
    expect(typo).toMatchObject({ ok: false, error: { code: 'invalid-message' } });
    expect(JSON.stringify(typo)).toContain('Unknown field {nmae}');
    const tiny = await rig.call('labels.templates.save', { template: { ...custom, widthMm: 1 } });
    expect(tiny).toMatchObject({
      ok: false,
      error: { code: 'invalid-message', issues: [{ path: 'template.widthMm' }] },
    });
  });
});
