/**
 * Main follows a location request at least as long as the Data screen waits for it (LOCATION_FOLLOW_MS):
 * read for about half a minute while the screen polled for a minute, a request the service completed
 * after 40 s was shown made on the screen and left unsure in the Outbox, offered to be sent again.
 * Real SQLite outbox, fake clock, scripted transport.
 */
import { describe, expect, it } from 'vitest';
import { LOCATION_FOLLOW_MS } from '../../../../shared/api/locations.js';
import { followLocationRequest, LOCATION_POLLS } from '../../../../main/sync/reconcile.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { locationCreateAnswered } from './location-follow-setup.js';

const create: Intent = { type: 'location-create', request: { locations: [{ name: 'Freezer 3' }] } };
const created = [{ name: 'Freezer 3', uuid: 'loc-1' }];

describe('a location request followed as long as the screen waits', () => {
  const { platform, files, drive, answered } = locationCreateAnswered(create, 200);

  it('keeps the uuids of a request the service completes after 40 s (the old follow gave up at about 33 s)', async () => {
    const id = answered();
    const started = platform.now();
    const transport = fakeTransport([], {
      fetchLocationCreateStatus: () =>
        platform.now() - started < 40_000
          ? { success: true, requestId: 'r-1', status: 'IN_PROGRESS', message: 'creating 1 location' }
          : { success: true, requestId: 'r-1', status: 'COMPLETED', message: '', result: { created } },
    });
    await drive(followLocationRequest(files.outbox, transport, platform, id, 'r-1', new AbortController().signal));
    expect(files.outbox.get(id)).toMatchObject({
      state: 'done',
      result: { requestId: 'r-1', status: 'COMPLETED', created },
    });
  });

  it('reads for at least LOCATION_FOLLOW_MS before it leaves the entry unsure', async () => {
    const calls: Calls = [];
    const id = answered();
    const started = platform.now();
    let lastRead = started;
    const transport = fakeTransport(calls, {
      fetchLocationCreateStatus: () => {
        lastRead = platform.now();
        return { success: true, requestId: 'r-1', status: 'IN_PROGRESS' };
      },
    });
    await drive(followLocationRequest(files.outbox, transport, platform, id, 'r-1', new AbortController().signal));
    expect(files.outbox.get(id)).toMatchObject({ state: 'uncertain', lastError: { kind: 'not-confirmed' } });
    expect(lastRead - started).toBeGreaterThanOrEqual(LOCATION_FOLLOW_MS);
    expect(calls.filter((c) => c.name === 'fetchLocationCreateStatus')).toHaveLength(LOCATION_POLLS);
  });
});
