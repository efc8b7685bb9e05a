import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { phaseWords } from '../../../../../renderer/workflows/upload/upload-item.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

let env: InProcess | undefined;
let outbox: OutboxState | undefined;
let dir: string | undefined;
afterEach(async () => {
  outbox?.stop();
  await env?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  env = outbox = dir = undefined;
});

async function uploadScreen(options: Parameters<typeof inProcessApi>[0] = {}) {
  env = await inProcessApi(options);
  outbox = new OutboxState(env.api);
  await outbox.start();
  const s = new UploadState(env.api, outbox, await env.service());
  s.start();
  const e = env;
  /** The uploads main has queued of a file by this name, in every state. */
  const uploadsOf = async (name: string) =>
    (await e.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] })).filter(
      (x) => x.intent?.type === 'file-upload' && x.intent.fileName === name,
    );
  return { s, uploadsOf };
}

const run = () => new File(['well,sample\nA1,S-0001\nA2,S-0002\n'], 'run-7.csv');

/**
 * The same file dropped twice was uploaded twice, without a word: main knew both copies' sha256 and
 * compared nothing. Now the second asks "Upload again?" and goes only if the user says so. The real
 * main in-process, its outbox and sandbox.
 */
describe('Upload: the same file added again is asked about, not uploaded twice', () => {
  it('dropped again after it was sent: asked, and not sent unless the user says so', async () => {
    const { s, uploadsOf } = await uploadScreen();
    await s.addFiles([run()]);
    const [first] = s.items;
    expect(first!.phase).toBe('queued');
    await env!.call('outbox.await', { id: first!.entryId!, timeoutMs: 15_000 });

    await s.addFiles([run()]);
    const second = s.items[1]!;
    // On the old code: queued, and the service stored it twice.
    expect(second.phase).toBe('same');
    expect(phaseWords(second.phase)).toBe('upload again?');
    expect(second.message).toMatch(
      new RegExp(`^The same file \\(name and contents\\) is in the Outbox already, #${first!.entryId}: sent `),
    );
    expect(await uploadsOf('run-7.csv')).toHaveLength(1);

    // "No": nothing is sent.
    s.notAgain(second);
    expect(phaseWords(second.phase)).toBe('not uploaded again');
    expect(await uploadsOf('run-7.csv')).toHaveLength(1);
  });

  it('"Upload again" queues the copy already made', async () => {
    const { s, uploadsOf } = await uploadScreen();
    await s.addFiles([run(), run()]);
    const [, second] = s.items;
    expect(second!.phase).toBe('same');
    await s.uploadAgain(second!);
    expect(second!.phase).toBe('queued');
    expect(await uploadsOf('run-7.csv')).toHaveLength(2);
  });

  it('dropped twice at once: the second is asked about', async () => {
    const { s, uploadsOf } = await uploadScreen();
    await Promise.all([s.addFiles([run()]), s.addFiles([run()])]);
    expect(s.items.map((i) => i.phase).sort()).toEqual(['queued', 'same']);
    expect(await uploadsOf('run-7.csv')).toHaveLength(1);
  });

  it('another file of the same name, or the same bytes under another name, goes without a question', async () => {
    const { s, uploadsOf } = await uploadScreen();
    await s.addFiles([
      run(),
      new File(['well,sample\nA1,S-0009\n'], 'run-7.csv'),
      new File([await run().arrayBuffer()], 'run-8.csv'),
    ]);
    expect(s.items.map((i) => i.phase)).toEqual(['queued', 'queued', 'queued']);
    expect(await uploadsOf('run-7.csv')).toHaveLength(2);
  });

  it('chosen again in the dialog: asked too', async () => {
    dir = mkdtempSync(join(tmpdir(), 'same-picked-'));
    const chosen = join(dir, 'run-7.csv');
    writeFileSync(chosen, 'well,sample\nA1,S-0001\nA2,S-0002\n');
    const { s, uploadsOf } = await uploadScreen({
      dataDir: join(dir, 'data'),
      filePicker: { pick: async () => [chosen] },
    });
    await s.pickNative();
    await s.pickNative();
    expect(s.items.map((i) => i.phase)).toEqual([expect.stringMatching(/^(queued|sending|done)$/), 'same']);
    expect(await uploadsOf('run-7.csv')).toHaveLength(1);
  });
});
