import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDraft,
  issuesAt,
  newColumn,
  type LabsheetDraft,
} from '../../../../../renderer/workflows/data/lib/column-rules.js';
import { LabsheetDraftState } from '../../../../../renderer/workflows/data/labsheet-draft.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * The create-labsheet form says "Rules checked before anything is sent": what the service refuses must be
 * refused there, before a create is queued (offline, it failed after the technician had left). Each
 * draft here is first shown refused by the service (the real main in-process, its embedded sandbox).
 */
let env: InProcess;
let listed: string[];
beforeAll(async () => {
  env = await inProcessApi();
  listed = (await env.call('lab.fetchLabsheetList', {})).items.map((i) => i.name);
});
afterAll(() => env.close());

const draft = (over: Partial<LabsheetDraft> = {}): LabsheetDraft => ({
  name: 'Extractions',
  folder: '',
  columns: [newColumn(1, 'ID', 'Extraction ID'), newColumn(2, 'TEXT', 'Notes')],
  ...over,
});
const issues = (d: LabsheetDraft, at: string) => {
  const r = checkDraft(d, listed);
  return r.ok ? [] : issuesAt(r.issues, at);
};

/** What the service answers the request, sent as the app sends it (queued, then synced). */
async function serviceAnswer(name: string, columns: LabsheetDraft['columns']): Promise<number | undefined> {
  const request = { name, columns: columns.map((c) => ({ name: c.name, type: c.type })), waitRefresh: true };
  const { id } = await env.call('outbox.enqueue', { intent: { type: 'labsheet-create', request } });
  const settled = await env.call('outbox.await', { id, timeoutMs: 10_000 });
  expect(settled.state).toBe('failed');
  return settled.error?.status;
}

describe('the labsheet draft refuses what the service refuses', () => {
  it('a name a listed labsheet has (409), and one differing only in capitals, each said in words', async () => {
    expect(listed).toContain('Samples');
    expect(await serviceAnswer('Samples', draft().columns)).toBe(409);
    // On the old code: no issue, and the create was queued.
    expect(issues(draft({ name: 'Samples' }), 'name')).toEqual([
      'a labsheet named "Samples" already exists (labsheet names are unique): choose another name',
    ]);
    expect(issues(draft({ name: 'SAMPLES' }), 'name')).toEqual([
      'a labsheet named "Samples" already exists, differing only in capital letters: choose a name that is clearly different',
    ]);
    expect(checkDraft(draft({ name: 'Samples 2' }), listed).ok).toBe(true);
  });

  it('a column named uuid (422): the row listing gives each row uuid under that name', async () => {
    const columns = [newColumn(1, 'ID', 'Extraction ID'), newColumn(2, 'TEXT', 'uuid')];
    expect(await serviceAnswer('Has Uuid Column', columns)).toBe(422);
    expect(issues(draft({ columns }), 'columns.1.name')).toEqual([
      '"uuid" is reserved: the service lists each row\'s uuid under that name. Choose another name',
    ]);
    const upper = [newColumn(1, 'ID', 'Extraction ID'), newColumn(2, 'TEXT', 'UUID')];
    expect(issues(draft({ columns: upper }), 'columns.1.name')).toHaveLength(1);
  });

  it('two ID_BARCODE columns (422): at most one', async () => {
    const columns = [
      newColumn(1, 'ID', 'Extraction ID'),
      newColumn(2, 'ID_BARCODE', 'Barcode A'),
      newColumn(3, 'ID_BARCODE', 'Barcode B'),
    ];
    expect(await serviceAnswer('Two Barcodes', columns)).toBe(422);
    expect(issues(draft({ columns }), 'columns')).toEqual([
      'at most one column of type ID_BARCODE is allowed (found 2): keep one, or give the others another type',
    ]);
    expect(checkDraft(draft({ columns: columns.slice(0, 2) }), listed).ok).toBe(true);
  });

  it('the form checks the name against the labsheet names it is given', () => {
    let names: string[] = [];
    const form = new LabsheetDraftState(() => names);
    form.draft.name = 'Extractions';
    form.draft.columns[1]!.name = 'Notes';
    expect(form.check.ok).toBe(true);
    names = ['Extractions'];
    const later = new LabsheetDraftState(() => names);
    later.draft.name = 'Extractions';
    later.draft.columns[1]!.name = 'Notes';
    expect(later.check.ok).toBe(false);
  });
});
