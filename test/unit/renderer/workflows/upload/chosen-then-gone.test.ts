import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { sourceUnreadable } from '../../../../../main/staging/index.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

let dir: string;
let env: InProcess | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A file chosen in the native dialog is copied when the page asks for it: by then it may be gone. The
 * row says so by its name, in words, with what to do: never the path (under the user's home) nor the
 * system's text. The real app in-process, its dialog answering a file the test removes before the copy.
 */
describe('Upload: a chosen file moved or deleted before it is copied', () => {
  it('is said by name, without its path', async () => {
    dir = mkdtempSync(join(tmpdir(), 'alice-desktop-'));
    const chosen = join(dir, 'run-2.csv');
    writeFileSync(chosen, 'well,sample\nA1,S-1\n');
    env = await inProcessApi({ dataDir: join(dir, 'data'), filePicker: { pick: async () => [chosen] } });
    const main = env.api;
    // The file goes between the choice and the copy (the user tidied the desktop meanwhile).
    const api: BenchlinkApi = {
      subscribe: main.subscribe.bind(main),
      invoke: (async (channel: string, payload: unknown) => {
        if (channel === 'upload.stagePicked') rmSync(chosen);
        return (main.invoke as (c: string, p: unknown) => Promise<unknown>)(channel, payload);
      }) as BenchlinkApi['invoke'],
    };
    const outbox = new OutboxState(api);
    await outbox.start();
    const s = new UploadState(api, outbox, await env.service());
    try {
      await s.pickNative();
      const [item] = s.items;
      expect(item).toMatchObject({ name: 'run-2.csv', phase: 'failed' });
      // On the old code: "Not queued: Staging failed: ENOENT: no such file or directory, stat '/tmp/alice-desktop-…/run-2.csv'".
      expect(item!.message).toBe('Not queued: run-2.csv was moved or deleted after you chose it: choose it again');
      expect(item!.message).not.toContain(dir);
    } finally {
      outbox.stop();
    }
  });

  it('one that cannot be read is said in words too', () => {
    const denied = Object.assign(new Error("EACCES: permission denied, open '/home/alice/run-2.csv'"), {
      code: 'EACCES',
      path: '/home/alice/run-2.csv',
    });
    const said = sourceUnreadable(denied, 'run-2.csv').message;
    expect(said).toMatch(/^run-2\.csv cannot be read: .*choose it again$/);
    expect(said).not.toMatch(/alice|EACCES/);
  });
});
