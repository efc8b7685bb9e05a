import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { storedOnlyNote, storedOnlyShown } from '../../../../../renderer/workflows/upload/upload-item.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';

const page = pageOnMainForSuite();
let s: UploadState;

beforeAll(() => {
  s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
  s.start();
});
afterAll(() => s.stop());

describe('Upload: every file type is sent; the page says which will not be embedded', () => {
  it('names the files the service may store without embedding, or refuse, and only those', () => {
    expect(storedOnlyNote('trace.ab1', false)).toBe(
      'Will be stored but not embedded, or refused, as the service decides: .ab1 files are not on its embedding list',
    );
    expect(storedOnlyNote('README', false)).toMatch(/as the service decides: a file without an extension is not/);
    expect(storedOnlyNote('gel.PNG', false)).toBeNull();
    expect(storedOnlyNote('plate.csv', true)).toBeNull();
  });

  // On the old code the local sandbox's note said "Will be stored", and the sandbox then refused the file.
  it('on the local sandbox, says the file will be refused, as the sandbox does', () => {
    expect(storedOnlyNote('trace.ab1', true)).toBe(
      'Will be refused by the local sandbox: .ab1 files are not on the embedding list',
    );
  });

  it('says the note while the file may still reach the service, not once it was answered or taken out', () => {
    const note = storedOnlyNote('runner.exe', true);
    expect(note).not.toBeNull();
    for (const phase of ['staging', 'queued', 'sending', 'failed', 'unsure'] as const)
      expect(storedOnlyShown({ phase, storedOnly: note })).toBe(note);
    // Answered (its status says what the service did) or never to be sent: "Will be …" no longer holds.
    for (const phase of ['done', 'refused', 'discarded', 'cancelled'] as const)
      expect(storedOnlyShown({ phase, storedOnly: note })).toBeNull();
    expect(storedOnlyShown({ phase: 'queued', storedOnly: null })).toBeNull();
  });

  it('stages and queues a file not on the embedding list, with the note shown before it is sent', async () => {
    await s.addFiles([new File(['ABIF'], 'trace.ab1'), new File(['well,sample\nA1,S-1\n'], 'plate.csv')]);
    const [ab1, csv] = s.items;
    expect(ab1).toMatchObject({
      name: 'trace.ab1',
      storedOnly: 'Will be refused by the local sandbox: .ab1 files are not on the embedding list',
    });
    expect(csv).toMatchObject({ name: 'plate.csv', storedOnly: null });
    for (const item of [ab1!, csv!]) {
      expect(item.entryId).not.toBeNull();
      expect(item.phase).not.toBe('staging');
    }
    const entry = (await page.env.call('outbox.list', {})).find((e) => e.id === ab1!.entryId);
    expect(entry?.intent).toMatchObject({ type: 'file-upload', fileName: 'trace.ab1', size: 4 });
  });
});
