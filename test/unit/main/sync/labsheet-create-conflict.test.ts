/**
 * A labsheet-create answered 409 ("name taken") is our own earlier create only when an earlier attempt
 * may have reached the service unanswered; and even then the labsheet of that name must have the
 * columns we asked for. Real SQLite outbox, fake clock, scripted transport.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthError, ConflictError, NetworkError, NotFoundError, ServerError } from '../../../../main/api/errors.js';
import { toOutboxError, type Outbox } from '../../../../main/outbox/index.js';
import { shownError, shownErrorLine } from '../../../../shared/outbox-words/shown-error.js';
import { createSyncEngine } from '../../../../main/sync/index.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport, type Calls } from './fake-transport.js';
import { outboxPerTest } from './outbox-per-test.js';

const NAME = 'Plates 2026';
const create: Intent = {
  type: 'labsheet-create',
  request: {
    name: NAME,
    columns: [
      { name: 'Sample ID', type: 'ID' },
      { name: 'Conc', type: 'NUMBER' },
    ],
  },
};
const conflict = () =>
  new ConflictError('conflict', { endpoint: 'createLabsheet', status: 409, serverMessage: 'Conflict' });
const listing = (names: string[]) => ({ items: names.map((name) => ({ name })), total: names.length, success: true });
const columns = (...headers: string[]) => ({ headers: ['uuid', ...headers], rows: [], total: 0, success: true });

describe('a labsheet-create answered 409', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  beforeEach(() => {
    outbox = files.outbox;
  });

  /** First attempt fails with `first`, every later one is answered 409. */
  const firstThen409 = (first: () => Error, extra: Parameters<typeof fakeTransport>[1] = {}, calls: Calls = []) => {
    let n = 0;
    return fakeTransport(calls, {
      createLabsheet: () => {
        throw ++n === 1 ? first() : conflict();
      },
      ...extra,
    });
  };

  it('fails after a first attempt that never reached the service (connection refused)', async () => {
    const transport = firstThen409(
      () => new NetworkError('could not reach the service', { endpoint: 'createLabsheet', uncertain: false }),
      { fetchLabsheetList: () => listing([NAME]), fetchLabsheetRows: () => columns('Sample ID', 'Conc') },
    );
    const id = outbox.enqueue(create);
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(id)).toMatchObject({ state: 'pending', attempts: 1, uncertainAttempts: 0 });
    platform.advance(60_000);
    await engine.syncNow();
    // Someone else took the name meanwhile: the service's own refusal, not our earlier create.
    expect(outbox.get(id)).toMatchObject({ state: 'failed', lastError: { kind: 'conflict', status: 409 } });
    await engine.stop();
  });

  it('fails after a first attempt refused for the token (401, then a new token)', async () => {
    const transport = firstThen409(
      () => new AuthError('the token was refused', { endpoint: 'createLabsheet', status: 401 }),
    );
    const id = outbox.enqueue(create);
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(engine.status().paused).toBe('token-needed');
    await engine.resume();
    expect(outbox.get(id)!.state).toBe('failed');
    await engine.stop();
  });

  it('fails after a first attempt stopped for a missing token (nothing sent)', async () => {
    const transport = firstThen409(
      () => new AuthError('no token is stored', { endpoint: 'createLabsheet', reason: 'not sent' }),
    );
    const id = outbox.enqueue(create);
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    await engine.resume();
    expect(outbox.get(id)!.state).toBe('failed');
    await engine.stop();
  });

  /** Attempt 1 is a 500 (uncertain); the first look finds no labsheet yet, so it is sent again: 409. */
  async function afterUncertain(headers: string[]): Promise<number> {
    let looks = 0;
    const transport = firstThen409(
      () => new ServerError('the service failed', { endpoint: 'createLabsheet', status: 500, uncertain: true }),
      {
        fetchLabsheetList: () => listing(++looks === 1 ? [] : [NAME]),
        fetchLabsheetRows: () => columns(...headers),
      },
    );
    const id = outbox.enqueue(create);
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(id)).toMatchObject({ state: 'uncertain', uncertainAttempts: 1 });
    platform.advance(60_000);
    await engine.syncNow(); // reconciled: not there yet → sent again → 409
    await engine.stop();
    return id;
  }

  it('after an uncertain attempt, is done when the labsheet of that name has the columns asked for', async () => {
    const id = await afterUncertain(['Sample ID', 'Conc']);
    expect(outbox.get(id)).toMatchObject({
      state: 'done',
      attempts: 2,
      result: { reconciled: 'a previous attempt created it (409 on resend)' },
    });
  });

  it('after an uncertain attempt, fails when the labsheet of that name has other columns', async () => {
    const id = await afterUncertain(['Tube', 'Volume']);
    expect(outbox.get(id)).toMatchObject({ state: 'failed', lastError: { kind: 'name-taken' } });
    expect(outbox.get(id)!.lastError!.message).toMatch(/someone else made it/);
  });

  it('the app’s own look is said in its own words, with no status of a request it never made', async () => {
    const id = await afterUncertain(['Tube', 'Volume']);
    const error = toOutboxError(outbox.get(id)!.lastError!);
    expect(error).not.toHaveProperty('status');
    const shown = shownError(error);
    expect(shown.serviceSaid).toBeNull();
    expect(shown.said).toMatch(/exists on the service without the columns/);
    expect(shownErrorLine(shown)).not.toMatch(/The service said|409/);
  });

  /**
   * The user corrects the name after "someone else made it": the corrected create is a new change, none of
   * whose tries was uncertain. On the old code the correction kept uncertain_attempts, so a 409 on the new
   * name (another bench's labsheet, with the same columns) was taken for our own earlier create: done.
   */
  it('a corrected create starts without the old tries: a 409 on its new name is the service’s refusal', async () => {
    const id = await afterUncertain(['Tube', 'Volume']);
    const renamed: Intent = { type: 'labsheet-create', request: { ...create.request, name: 'Plates 2027' } };
    expect(outbox.replace(id, renamed)).toBe(true);
    expect(outbox.get(id)).toMatchObject({ state: 'pending', attempts: 0, uncertainAttempts: 0 });
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      createLabsheet: () => {
        throw conflict();
      },
      fetchLabsheetList: () => listing([NAME, 'Plates 2027']),
      fetchLabsheetRows: () => columns('Sample ID', 'Conc'),
    });
    const engine = createSyncEngine({ outbox, transport, platform });
    platform.advance(60_000);
    await engine.syncNow();
    expect(outbox.get(id)).toMatchObject({ state: 'failed', lastError: { kind: 'conflict', status: 409 } });
    expect(calls.map((c) => c.name)).not.toContain('fetchLabsheetRows');
    await engine.stop();
  });

  /**
   * Attempt 1 is a 500 (uncertain); every later create is answered 409. The labsheet list answers a first
   * page (total 250) without the name, as a service that pages it by default would: the spec shows no
   * query for the rest.
   */
  async function afterUncertainOnAFirstPage(rows: () => unknown, calls: Calls): Promise<number> {
    const firstPage = { items: [{ name: 'Aardvarks' }, { name: 'Bench log' }], total: 250, success: true };
    const transport = firstThen409(
      () => new ServerError('the service failed', { endpoint: 'createLabsheet', status: 500, uncertain: true }),
      { fetchLabsheetList: () => firstPage, fetchLabsheetRows: rows },
      calls,
    );
    const id = outbox.enqueue(create);
    const engine = createSyncEngine({ outbox, transport, platform });
    await engine.syncNow();
    expect(outbox.get(id)).toMatchObject({ state: 'uncertain', uncertainAttempts: 1 });
    for (let pass = 0; pass < 4; pass++) {
      platform.advance(60_000);
      await engine.syncNow();
    }
    await engine.stop();
    return id;
  }

  it('a name missing from a list that is only a first page is read by name: ours is found, and not sent again', async () => {
    const calls: Calls = [];
    const id = await afterUncertainOnAFirstPage(() => columns('Sample ID', 'Conc'), calls);
    expect(outbox.get(id)).toMatchObject({ state: 'done', result: { reconciled: expect.stringMatching(/by name/) } });
    expect(calls.filter((c) => c.name === 'createLabsheet')).toHaveLength(1);
  });

  it('a name missing from a first page and not found by name is absent: sent again once, and its 409 stands', async () => {
    const calls: Calls = [];
    const notFound = () => {
      throw new NotFoundError('not found', { endpoint: 'fetchLabsheetRows', status: 404 });
    };
    const id = await afterUncertainOnAFirstPage(notFound, calls);
    // Absent, so sent again: 409, and still no labsheet of that name to read. Sent again, it would be
    // answered 409 for ever (it was, within one sync): the service's refusal stands for the user.
    expect(outbox.get(id)).toMatchObject({ state: 'failed', lastError: { kind: 'conflict', status: 409 } });
    expect(calls.filter((c) => c.name === 'createLabsheet')).toHaveLength(2);
  });

  it('an uncertain create whose name exists with other columns is not reconciled as done', async () => {
    const calls: Calls = [];
    const transport = fakeTransport(calls, {
      fetchLabsheetList: () => listing([NAME]),
      fetchLabsheetRows: () => columns('Tube'),
    });
    const id = outbox.enqueue(create);
    outbox.claim([id], 'r1', 'createLabsheet');
    outbox.close();
    outbox = files.reopen(); // killed while sending: uncertain on the reopen
    const engine = createSyncEngine({ outbox, transport, platform });
    engine.start();
    await engine.syncNow();
    expect(outbox.get(id)).toMatchObject({ state: 'failed', lastError: { kind: 'name-taken' } });
    expect(calls.map((c) => c.name)).not.toContain('createLabsheet');
    await engine.stop();
  });
});
