import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultTemplates, MAX_LABELS_PER_JOB } from '../../../../shared/labels/index.js';
import { labelsRig, type LabelsRig } from './router.js';

const template = defaultTemplates()[0]!;
const job = { template, records: [{ id: 'S-1' }], layout: { kind: 'per-label' } };

let rig: LabelsRig;
beforeEach(async () => (rig = await labelsRig()));
afterEach(() => rig.close());

/** Each payload must be refused by the router before a handler runs: nothing drawn, sent or saved. */
describe('hostile label payloads', () => {
  const refusals: Array<[string, string, unknown, string]> = [
    ['a stray key beside the job', 'labels.exportPdf', { ...job, path: '/etc/passwd' }, 'invalid-message'],
    [
      'a prototype-polluting key',
      'labels.exportZpl',
      JSON.parse('{"template":{},"records":[],"__proto__":{"admin":true}}'),
      'invalid-message',
    ],
    [
      'a constructor key deep in a record',
      'labels.exportZpl',
      { template, records: [{ id: '1', constructor: { prototype: {} } }] },
      'invalid-message',
    ],
    ['no records', 'labels.exportPdf', { ...job, records: [] }, 'invalid-message'],
    [
      'more records than a job may hold',
      'labels.exportZpl',
      { template, records: Array.from({ length: MAX_LABELS_PER_JOB + 1 }, (_, i) => ({ id: String(i) })) },
      'invalid-message',
    ],
    [
      'a symbology that does not exist',
      'labels.exportZpl',
      { template: { ...template, symbology: 'pdf417' }, records: [{ id: '1' }] },
      'invalid-message',
    ],
    ['a dpi no Zebra has', 'labels.exportZpl', { template, records: [{ id: '1' }], dpi: 1 }, 'invalid-message'],
    [
      'a printer address instead of a configured printer',
      'labels.sendToPrinter',
      { template, records: [{ id: '1' }], printer: { host: '127.0.0.1', port: 22 } },
      'invalid-message',
    ],
    [
      'a printer id longer than any configured one',
      'labels.sendToPrinter',
      { template, records: [{ id: '1' }], printerId: 'x'.repeat(65) },
      'invalid-message',
    ],
    [
      'a template id that is a path',
      'labels.templates.save',
      { template: { ...template, id: '../../settings' } },
      'invalid-message',
    ],
    ['a template id that is a path (remove)', 'labels.templates.remove', { id: '../'.repeat(30) }, 'invalid-message'],
    [
      'a template with a stray key',
      'labels.templates.save',
      { template: { ...template, script: 'alert(1)' } },
      'invalid-message',
    ],
    ['a channel name short of a real one', 'labels.templates', {}, 'unknown-channel'],
    ['an inherited property as a channel', '__proto__', {}, 'unknown-channel'],
    [
      'a job over the size bound',
      'labels.exportZpl',
      { template, records: [{ id: '1', name: 'x'.repeat(1_100_000) }] },
      'too-large',
    ],
  ];

  for (const [what, channel, payload, code] of refusals) {
    it(`refuses ${what}`, async () => {
      const r = await rig.call(channel, payload);
      expect(r).toMatchObject({ ok: false, error: { code } });
    });
  }

  it('a refused template save changes nothing on disk', async () => {
    await rig.call('labels.templates.save', { template: { ...template, id: 'Bad Id' } });
    const list = await rig.value<{ templates: unknown[] }>('labels.templates.list', {});
    expect(list.templates).toHaveLength(defaultTemplates().length);
  });

  it('logs a refused job with the channel it was sent to, for the support trail', async () => {
    await rig.call('labels.exportPdf', { ...job, layout: { kind: 'sheet', sheet: { paper: 'A0' } } });
    expect(rig.warnings.join('\n')).toContain('labels.exportPdf');
  });
});
