import { afterAll, describe, expect, it } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';

/**
 * Dropped files are copied into staging one after another from the page, and queued only once copied.
 * On the old code nothing asked before the window went: closed while the first file was still being
 * copied, the others were never copied nor queued, and nothing said so. The page now asks before it
 * unloads while copies run (in Electron, main turns that into its own question: will-prevent-unload).
 * The real main in-process; the page's api holds the first file's copy until the test lets it go on.
 */
const page = pageOnMainForSuite();

/** `api`, with the copy of the first chunk held until `release()`; `held` resolves once it is. */
function holdingFirstChunk(api: BenchlinkApi) {
  let release!: () => void;
  const go = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const held = new Promise<void>((r) => (reached = r));
  let first = true;
  const holding: BenchlinkApi = {
    ...api,
    invoke: (async (channel: string, payload: unknown) => {
      if (channel === 'upload.stageChunk' && first) {
        first = false;
        reached();
        await go;
      }
      return (api.invoke as (c: string, p: unknown) => Promise<unknown>)(channel, payload);
    }) as BenchlinkApi['invoke'],
  };
  return { api: holding, held, release };
}

/** Whether a page about to unload is asked to stay, as a browser or Electron tells it. */
function unloadAsked(target: EventTarget): boolean {
  const e = new Event('beforeunload', { cancelable: true });
  target.dispatchEvent(e);
  return e.defaultPrevented;
}

describe('Upload: closing the window while dropped files are still being copied', () => {
  const states: UploadState[] = [];
  afterAll(() => states.forEach((s) => s.stop()));

  it('is asked about until every file of the drop is copied and queued, and not after', async () => {
    const { api, held, release } = holdingFirstChunk(page.env.api);
    const window = new EventTarget();
    const s = new UploadState(api, page.outbox, LOCAL_SANDBOX, window);
    states.push(s);
    s.start();
    expect(unloadAsked(window)).toBe(false);

    const adding = s.addFiles([new File(['well,sample\nA1,S-1\n'], 'a.csv'), new File(['x\n'], 'b.csv')]);
    await held;
    expect(s.items.map((i) => i.phase)).toEqual(['staging']);
    expect(unloadAsked(window)).toBe(true);

    release();
    await adding;
    expect(s.items.map((i) => i.phase)).toEqual(['queued', 'queued']);
    expect(unloadAsked(window)).toBe(false);
  });

  it('a copy that fails ends the asking too', async () => {
    const window = new EventTarget();
    const failing: BenchlinkApi = {
      ...page.env.api,
      invoke: (async (channel: string, payload: unknown) =>
        channel === 'upload.stageBegin'
          ? { ok: false, error: { code: 'failed', message: 'disk full' } }
          : (page.env.api.invoke as (c: string, p: unknown) => Promise<unknown>)(
              channel,
              payload,
            )) as BenchlinkApi['invoke'],
    };
    const s = new UploadState(failing, page.outbox, LOCAL_SANDBOX, window);
    states.push(s);
    await s.addFiles([new File(['x\n'], 'c.csv')]);
    expect(s.items[0]?.phase).toBe('failed');
    expect(unloadAsked(window)).toBe(false);
  });
});
