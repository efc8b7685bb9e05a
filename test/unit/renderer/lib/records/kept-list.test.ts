import { describe, expect, it } from 'vitest';
import { keptRecordsNow } from '../../../../../renderer/lib/records/kept-list.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { inProcessApi } from '../../../../helpers/in-process-api.js';

describe("the Outbox's list of kept plate records", () => {
  it('lists them from main', async () => {
    const env = await inProcessApi();
    try {
      expect(await keptRecordsNow(env.api, 10)).toEqual({ records: [] });
    } finally {
      await env.close();
    }
  });

  it('a list main could not give says why, rather than nothing', async () => {
    // The page lost main (its bridge answers so): the records are not gone.
    const lost: BenchlinkApi = {
      invoke: (async () => ({
        ok: false,
        error: { code: 'disconnected', message: 'The page lost main' },
      })) as BenchlinkApi['invoke'],
      subscribe: () => () => undefined,
    };
    expect(await keptRecordsNow(lost, 10)).toEqual({
      problem: 'The plate records kept on this computer could not be listed: The page lost main',
    });
  });
});
