import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import type { IpcResult } from '../../../../../shared/ipc/result.js';
import { withIdempotentWrites, type ResendPolicy } from '../../../../../renderer/lib/ipc/idempotent-writes.js';

type Call = { channel: string; payload: Record<string, unknown> };

/** A transport that answers from a script: each call takes the next answer. */
function scripted(answers: IpcResult<unknown>[]): { api: BenchlinkApi; calls: Call[] } {
  const calls: Call[] = [];
  const api = {
    invoke: async (channel: string, payload: Record<string, unknown>) => {
      calls.push({ channel, payload });
      return answers.shift() ?? { ok: false, error: { code: 'internal', message: 'script ran out' } };
    },
    subscribe: () => () => undefined,
  } as unknown as BenchlinkApi;
  return { api, calls };
}

function policy(): ResendPolicy & { slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    newKey: () => 'key-00000001',
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
    giveUpAfterMs: 5000,
  };
}

const lost: IpcResult<never> = { ok: false, error: { code: 'disconnected', message: 'Lost the connection' } };
const intent = { type: 'webhook', eventType: 'x', payload: {} };

describe('idempotent writes from the page', () => {
  it('every enqueue carries a key; one cut off by a lost connection is asked again with the same key', async () => {
    const { api, calls } = scripted([lost, lost, { ok: true, value: { id: 7 } }]);
    const p = policy();
    const r = await withIdempotentWrites(api, p).invoke('outbox.enqueue', { intent } as never);
    expect(r).toEqual({ ok: true, value: { id: 7 } });
    expect(calls.map((c) => c.payload['key'])).toEqual(['key-00000001', 'key-00000001', 'key-00000001']);
    expect(p.slept).toEqual([200, 400]);
  });

  it("main's own answer is final, whatever it says; other channels pass through untouched", async () => {
    const refused: IpcResult<never> = { ok: false, error: { code: 'failed', message: 'disk full' } };
    const { api, calls } = scripted([refused, { ok: true, value: {} }]);
    const wrapped = withIdempotentWrites(api, policy());
    expect(await wrapped.invoke('outbox.enqueue', { intent } as never)).toEqual(refused);
    await wrapped.invoke('app.info', {} as never);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.payload).toEqual({});
  });

  it('keeps a key the caller gave, and gives up (reporting the loss) when main does not come back', async () => {
    const { api, calls } = scripted(Array.from({ length: 50 }, () => lost));
    const p = policy();
    const r = await withIdempotentWrites(api, p).invoke('outbox.enqueueMany', {
      intents: [intent],
      key: 'mine-12345678',
    } as never);
    expect(r).toEqual(lost);
    expect(new Set(calls.map((c) => c.payload['key']))).toEqual(new Set(['mine-12345678']));
    expect(p.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5000);
    expect(calls.length).toBeLessThan(10);
  });
});
