import { describe, expect, it } from 'vitest';
import { createLocationsAndWait } from '../../../../main/api/locations.js';
import { ServerError, TimeoutError } from '../../../../main/api/errors.js';
import type { ResponseOf } from '../../../../shared/api/endpoints.js';

function fake(statuses: string[]) {
  let polls = 0;
  let creates = 0;
  return {
    get polls() {
      return polls;
    },
    get creates() {
      return creates;
    },
    async createLocations(): Promise<ResponseOf<'createLocations'>> {
      creates += 1;
      return { success: true, requestId: 'req-1' };
    },
    async fetchLocationCreateStatus(): Promise<ResponseOf<'fetchLocationCreateStatus'>> {
      const status = statuses[Math.min(polls, statuses.length - 1)]!;
      polls += 1;
      return {
        success: true,
        requestId: 'req-1',
        status,
        message: '',
        result: status === 'COMPLETED' ? { created: [{ name: 'Freezer A', uuid: 'loc-1' }] } : undefined,
      };
    },
  };
}

describe('createLocationsAndWait', () => {
  it('polls with growing intervals until COMPLETED and returns the created locations', async () => {
    const waits: number[] = [];
    const client = fake(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED']);
    let t = 0;
    const created = await createLocationsAndWait(
      client,
      { locations: [{ name: 'Freezer A' }] },
      {
        pollMs: 100,
        maxPollMs: 200,
        sleep: async (ms) => {
          waits.push(ms);
          t += ms;
        },
        now: () => t,
      },
    );
    expect(created).toEqual([{ name: 'Freezer A', uuid: 'loc-1' }]);
    expect(waits).toEqual([100, 150, 200]);
    expect(client.creates).toBe(1);
  });

  it('gives a clear, uncertain TimeoutError when the service never completes', async () => {
    let t = 0;
    const client = fake(['IN_PROGRESS']);
    const e = await createLocationsAndWait(
      client,
      { locations: [{ name: 'X' }] },
      {
        timeoutMs: 1000,
        pollMs: 100,
        sleep: async (ms) => {
          t += ms;
        },
        now: () => t,
      },
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TimeoutError);
    expect((e as TimeoutError).message).toMatch(/req-1 still "IN_PROGRESS" after 1 s/);
    expect((e as TimeoutError).uncertain).toBe(true);
    expect(client.creates).toBe(1);
  });

  it('stops on a failure status', async () => {
    const e = await createLocationsAndWait(
      fake(['FAILED']),
      { locations: [{ name: 'X' }] },
      { sleep: async () => {} },
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServerError);
  });
});
