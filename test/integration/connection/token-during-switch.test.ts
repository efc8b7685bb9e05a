import { afterEach, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

/**
 * A token is kept for the addresses it was entered for. Here the connection is switched from A to B
 * and, before that save has finished, a token is given (as a user who pastes it and presses Enter at
 * once): it must never end up on A while B answers "no token".
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

async function service(): Promise<TestSandbox> {
  const s = await startTestSandbox({ dbPath: ':memory:' });
  cleanups.push(() => s.close());
  return s;
}

const custom = (url: string) => ({ kind: 'custom', baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' }) as const;

/** The app on A with no token yet, and B ready to switch to. */
async function onAThenB(): Promise<{ env: InProcess; a: TestSandbox; b: TestSandbox }> {
  const a = await service();
  const b = await service();
  const env = await inProcessApi({ service: a.url });
  cleanups.push(() => env.close());
  expect((await env.call('token.status', {})).set).toBe(false);
  return { env, a, b };
}

describe('a token given while a connection change is being saved', () => {
  it('given for the new addresses, it waits for the save and is kept for them, not for the old ones', async () => {
    const { env, a, b } = await onAThenB();
    // Not awaited: the switch is still being written when the token arrives.
    const switched = env.call('settings.set', { connection: custom(b.url) });
    const status = await env.call('token.set', { token: b.demoToken, connection: custom(b.url) });
    await switched;

    expect(status).toMatchObject({ set: true, source: 'user' });
    expect((await env.call('token.test', {})).ok).toBe(true);
    // A never received it.
    await env.call('settings.set', { connection: custom(a.url) });
    expect((await env.call('token.status', {})).set).toBe(false);
  });

  it('given for the addresses the page still showed (the old ones), it is refused with the reason and kept nowhere', async () => {
    const { env, a, b } = await onAThenB();
    const switched = env.call('settings.set', { connection: custom(b.url) });
    const r = await env.api.invoke('token.set', { token: a.demoToken, connection: custom(a.url) });
    await switched;

    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('failed');
      expect(r.error.message).toContain('The token was not saved');
      expect(r.error.message).toContain(`entered for ${a.url}`);
      expect(r.error.message).toContain(`changed to ${b.url}`);
      expect(r.error.message).toContain('enter the token again');
      expect(r.error.message).not.toContain(a.demoToken);
    }
    expect((await env.call('token.status', {})).set).toBe(false);
    await env.call('settings.set', { connection: custom(a.url) });
    expect((await env.call('token.status', {})).set).toBe(false);
  });

  it('with no change under way, a token for the saved addresses is kept as before', async () => {
    const { env, a } = await onAThenB();
    expect(await env.call('token.set', { token: a.demoToken, connection: custom(a.url) })).toMatchObject({ set: true });
    expect((await env.call('token.test', {})).ok).toBe(true);
  });
});

describe('a token removed while a connection change is being saved', () => {
  it('removes the token of the service the page showed, never the one being switched away from', async () => {
    const { env, a, b } = await onAThenB();
    await env.call('token.set', { token: a.demoToken, connection: custom(a.url) });
    await env.call('settings.set', { connection: custom(b.url) });
    await env.call('token.set', { token: b.demoToken, connection: custom(b.url) });
    await env.call('settings.set', { connection: custom(a.url) });
    // The page shows B (the user switched to it) and the user removes its token at once.
    const switched = env.call('settings.set', { connection: custom(b.url) });
    await env.call('token.clear', { connection: custom(b.url) });
    await switched;
    expect((await env.call('token.status', {})).set).toBe(false); // B's is gone
    await env.call('settings.set', { connection: custom(a.url) });
    expect((await env.call('token.status', {})).set).toBe(true); // A's is still there
  });
});

describe("removing another service's token", () => {
  it('leaves the "token refused" state of the service in use as it is', async () => {
    const { env, a, b } = await onAThenB();
    await env.call('token.set', { token: `${a.demoToken}-wrong`, connection: custom(a.url) });
    const r = await env.api.invoke('lab.fetchLabsheetList', {});
    expect(r.ok).toBe(false);
    expect((await env.call('token.status', {})).rejected).toBe(true);
    // The page still showed B (a switch back to A already saved): B's token is removed.
    await env.call('token.clear', { connection: custom(b.url) });
    expect((await env.call('token.status', {})).rejected).toBe(true);
    // Removing A's own token does reset it: nothing has been refused without a token yet.
    await env.call('token.clear', { connection: custom(a.url) });
    expect((await env.call('token.status', {})).rejected).toBe(false);
  });
});

describe('"token refused" is kept per service', () => {
  it("one service's refusal is not another's after a switch, and a call that went unanswered does not clear it", async () => {
    const { env, a, b } = await onAThenB();
    await env.call('token.set', { token: `${a.demoToken}-wrong`, connection: custom(a.url) });
    expect((await env.api.invoke('lab.fetchLabsheetList', {})).ok).toBe(false);
    expect((await env.call('token.status', {})).rejected).toBe(true);

    // B has refused nothing: on the old code it showed A's refusal after the switch.
    await env.call('settings.set', { connection: custom(b.url) });
    await env.call('token.set', { token: b.demoToken, connection: custom(b.url) });
    expect((await env.call('token.status', {})).rejected).toBe(false);

    // Back on A, now out of reach: the call goes unanswered, which says nothing of A's token.
    await env.call('settings.set', { connection: custom(a.url) });
    expect((await env.call('token.status', {})).rejected).toBe(true);
    await a.close();
    expect((await env.api.invoke('lab.fetchLabsheetList', {})).ok).toBe(false);
    expect((await env.call('token.status', {})).rejected).toBe(true);
  }, 30_000);
});
