import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { type UploadItem } from '../../../../../renderer/workflows/upload/upload-item.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { pruneEntry } from '../../../../helpers/pruned-entry.js';

const page = pageOnMainForSuite();
let s: UploadState;

beforeAll(() => {
  s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
  s.start();
});
afterAll(() => s.stop());

/** An image dropped and sent, with the file id the service answered. */
async function sentImage(name: string): Promise<UploadItem> {
  await s.addFiles([new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name)]);
  const item = s.items.find((i) => i.name === name)!;
  await vi.waitFor(() => expect(item.result?.fileId).toEqual(expect.any(String)), { timeout: 10_000 });
  return item;
}

/** The embeds of `fileId` main has queued, in every state, by the page they go into. */
async function embedsOf(fileId: string): Promise<string[]> {
  const listed = await page.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
  return listed.flatMap((e) =>
    e.intent?.type === 'attach-image' && e.intent.request.image_uuid === fileId ? [e.intent.request.hrid ?? ''] : [],
  );
}

/**
 * "Embed image" puts an uploaded picture into a notebook page. Pressed twice, the picture went in twice;
 * a page ID pasted with a space after it named no page. The real main in-process and its sandbox.
 */
describe('Upload: an image is embedded in a page once unless the user says again', () => {
  it('a second press for the same page asks first; the page ID is sent as it reads', async () => {
    const item = await sentImage('gel.png');
    const fileId = item.result!.fileId!;
    // The ID as pasted, a space and all: on the old code 'EXP-0001 ' was sent, and the service found no such page.
    expect(await s.attachImage(item, 'EXP-0001 ')).toEqual({
      said: 'gel.png queued to be embedded in EXP-0001',
      ok: true,
    });
    expect(await embedsOf(fileId)).toEqual(['EXP-0001']);

    // Pressed again (a page that did not seem to change): asked, nothing queued. On the old code: queued twice.
    const second = await s.attachImage(item, 'exp-0001');
    expect(second.ask).toBe(true);
    expect(second.ok).toBe(false);
    expect(second.said).toMatch(
      /^gel\.png (is already queued to be|is already being|was already) embedded in exp-0001\. Embed it a second time\?$/,
    );
    expect(await embedsOf(fileId)).toEqual(['EXP-0001']);

    // The user means it: a second copy goes in.
    expect((await s.attachImage(item, 'EXP-0001', true)).ok).toBe(true);
    expect(await embedsOf(fileId)).toEqual(['EXP-0001', 'EXP-0001']);
  }, 30_000);

  it('a page ID typed by a keyboard scanner set to send AIM ids goes without the AIM id', async () => {
    const item = await sentImage('photo.png');
    // On the old code ']C0EXP-0002' was sent, and the service found no such page.
    expect(await s.attachImage(item, ']C0EXP-0002')).toEqual({
      said: 'photo.png queued to be embedded in EXP-0002',
      ok: true,
    });
    expect(await embedsOf(item.result!.fileId!)).toEqual(['EXP-0002']);
  }, 30_000);

  it('two presses at once queue one embed', async () => {
    const item = await sentImage('blot.png');
    const answers = await Promise.all([s.attachImage(item, 'EXP-0001'), s.attachImage(item, 'EXP-0001')]);
    expect(answers.map((a) => a.ok)).toEqual([true, false]);
    expect(answers[1]!.said).toBe('blot.png is being queued to be embedded in EXP-0001 already');
    expect(await embedsOf(item.result!.fileId!)).toEqual(['EXP-0001']);
  }, 30_000);

  it('an embed refused by the service does not stand in the way of the next', async () => {
    const item = await sentImage('scan.png');
    expect((await s.attachImage(item, 'EXP-9999')).ok).toBe(true);
    const [first] = (await page.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] })).filter(
      (e) => e.intent?.type === 'attach-image' && e.intent.request.image_uuid === item.result!.fileId,
    );
    const { state } = await page.env.call('outbox.await', { id: first!.id, timeoutMs: 15_000 });
    expect(state).toBe('failed');
    // Corrected, or tried again: nothing of it is in the page, so nothing to ask about.
    expect(await s.attachImage(item, 'EXP-9999')).toMatchObject({ ok: true });
  }, 30_000);

  // Main prunes an entry 30 days after it finished: sent, or taken out. On the old code a pruned embed
  // read as discarded, so a second press put the image in again without asking; the Labflow link asks.
  it('an embed whose entry the outbox no longer keeps still asks first', async () => {
    const item = await sentImage('plate.png');
    const fileId = item.result!.fileId!;
    expect((await s.attachImage(item, 'EXP-0001')).ok).toBe(true);
    const [embed] = (await page.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] })).filter(
      (e) => e.intent?.type === 'attach-image' && e.intent.request.image_uuid === fileId,
    );
    expect((await page.env.call('outbox.await', { id: embed!.id, timeoutMs: 15_000 })).state).toBe('done');
    expect(pruneEntry(page.env.dataDir, embed!.id)).toBe(true);
    expect(await s.attachImage(item, 'EXP-0001')).toEqual({
      said: 'plate.png was queued over 30 days ago (its entry is no longer kept) to be embedded in EXP-0001. Embed it a second time?',
      ok: false,
      ask: true,
    });
    expect(await embedsOf(fileId)).toEqual([]);
  }, 30_000);
});
