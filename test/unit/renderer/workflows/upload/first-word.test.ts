import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { type UploadPhase } from '../../../../../renderer/workflows/upload/upload-item.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';

const page = pageOnMainForSuite();
let s: UploadState;

beforeAll(() => {
  s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
  s.start();
});
afterAll(() => s.stop());

/**
 * The news of an entry names its state only ("failed"), and only its error tells a refusal from another
 * failure. Drawn from the news, a refused upload's row read "failed" until its error was read, then
 * "refused". On the real main, every phase the row is drawn in as each piece of news comes is kept.
 */
describe('Upload: a refused file is never drawn as failed first', () => {
  it('the row goes from waiting or sending straight to refused', async () => {
    const drawn: UploadPhase[] = [];
    // Added after the list's own listener: it sees the row as the list has just drawn it from the news.
    const off = page.outbox.onChange((changes) => {
      const item = s.items.find((i) => i.name === 'runner.exe');
      if (item && changes.some((c) => c.id === item.entryId)) drawn.push(item.phase);
    });
    try {
      await s.addFiles([new File(['MZ'], 'runner.exe')]);
      const item = s.items.find((i) => i.name === 'runner.exe')!;
      await vi.waitFor(() => expect(item.phase).toBe('refused'), { timeout: 10_000 });
      await vi.waitFor(() => expect(item.message).toMatch(/\.exe is not supported for embedding/));
      expect(drawn.length).toBeGreaterThan(0);
      expect(drawn).not.toContain('failed');
    } finally {
      off();
    }
  });
});
