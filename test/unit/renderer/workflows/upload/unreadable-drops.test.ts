import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGING_LIMITS } from '../../../../../main/staging/index.js';
import { droppedFiles } from '../../../../../renderer/workflows/upload/dropped.js';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMain } from '../../../../helpers/page-on-main.js';

/** A dropped file whose bytes the page cannot read: it changed on disk after the drop, or it is a folder. */
class UnreadableFile extends File {
  override slice(): Blob {
    const blob = new Blob(['x']);
    blob.arrayBuffer = () => Promise.reject(new DOMException('The file could not be read', 'NotReadableError'));
    return blob;
  }
}

async function uploadsListed(page: Awaited<ReturnType<typeof pageOnMain>>): Promise<number> {
  return (await page.env.call('outbox.list', {})).filter((e) => e.intent?.type === 'file-upload').length;
}

/**
 * What the page cannot upload is said on its row, and leaves nothing held in main: the page's real
 * UploadState on the real main in-process.
 */
describe('Upload: drops that cannot be uploaded', () => {
  it('a file the page cannot read frees its staging in main, so the next files still stage', async () => {
    const page = await pageOnMain();
    const s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
    try {
      // More than one window's worth of slots: each one left open would hold a slot for 120 s.
      const bad = Array.from(
        { length: DEFAULT_STAGING_LIMITS.perOwner + 1 },
        (_, i) => new UnreadableFile(['changing bytes'], `export-${i}.csv`),
      );
      await s.addFiles(bad);
      expect(s.items.every((i) => i.phase === 'failed' && /could not be read/.test(i.message ?? ''))).toBe(true);

      await s.addFiles([new File(['well,sample\nA1,S-1\n'], 'plate.csv')]);
      const good = s.items[s.items.length - 1]!;
      expect(good.message).toBeNull();
      expect(good.entryId).not.toBeNull();
    } finally {
      await page.close();
    }
  });

  it('an empty file is refused with the reason, and nothing is queued', async () => {
    const page = await pageOnMain();
    const s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
    try {
      await s.addFiles([new File([], 'od600-export.csv')]);
      const item = s.items[0]!;
      expect(item.phase).toBe('failed');
      expect(item.message).toMatch(/od600-export\.csv is empty \(0 bytes\): if an instrument is still writing it/);
      expect(item.entryId).toBeNull();
      expect(await uploadsListed(page)).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('a dropped folder is refused by name; the files dropped with it are uploaded', async () => {
    const page = await pageOnMain();
    const s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
    try {
      const csv = new File(['well,sample\nA1,S-1\n'], 'plate.csv');
      // As Chrome on Windows hands a folder over: a 0-byte File, told apart only by its entry.
      const folder = new File([], 'run-42');
      const dropped = droppedFiles({
        items: [
          { kind: 'file', webkitGetAsEntry: () => ({ isDirectory: true, name: 'run-42' }), getAsFile: () => folder },
          { kind: 'file', webkitGetAsEntry: () => ({ isDirectory: false, name: 'plate.csv' }), getAsFile: () => csv },
          { kind: 'string', webkitGetAsEntry: () => null, getAsFile: () => null },
        ],
      });
      expect(dropped).toEqual({ files: [csv], folders: ['run-42'] });
      s.refuseFolders(dropped.folders);
      await s.addFiles(dropped.files);
      const [dir, file] = s.items;
      expect(dir).toMatchObject({ name: 'run-42', phase: 'failed', entryId: null });
      expect(dir!.message).toMatch(/run-42 is a folder/);
      expect(file!.entryId).not.toBeNull();
      expect(await uploadsListed(page)).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('without items (an older browser), the drop is its files', () => {
    const f = new File(['a'], 'a.csv');
    expect(droppedFiles({ files: [f] })).toEqual({ files: [f], folders: [] });
    expect(droppedFiles(null)).toEqual({ files: [], folders: [] });
  });
});
