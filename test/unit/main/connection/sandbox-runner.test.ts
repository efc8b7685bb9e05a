import { describe, expect, it } from 'vitest';
import { createSandboxRunner } from '../../../../main/connection/sandbox-runner.js';
import type { SandboxHandle, StartSandbox } from '../../../../main/connection/types.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A sandbox start the test finishes by hand; the runner's own logic is what runs. */
function slowStart() {
  const closed: string[] = [];
  let finish: (h: SandboxHandle) => void = () => undefined;
  const start: StartSandbox = () =>
    new Promise<SandboxHandle>((resolve) => {
      finish = resolve;
    });
  const handle = (url: string): SandboxHandle => ({
    url,
    demoToken: 't',
    close: async () => void closed.push(url),
  });
  return { start, finish: (url: string) => finish(handle(url)), closed };
}

describe('sandbox runner: stopping', () => {
  it('a stop while the sandbox is still starting waits for it and closes it, so it does not outlive the stop', async () => {
    const s = slowStart();
    const runner = createSandboxRunner({ start: s.start, dbPath: ':memory:', log: quiet, onChange: () => {} });
    const started = runner.ensure('v2');
    await Promise.resolve();
    expect(runner.current.state).toBe('starting');
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(stopped).toBe(false); // it waits for the start rather than returning with a sandbox coming up
    s.finish('http://127.0.0.1:1');
    await started;
    await stopping;
    expect(s.closed).toEqual(['http://127.0.0.1:1']);
    expect(runner.current.state).toBe('stopped');
  });

  it('a stop with nothing running, or after a failed start, returns at once', async () => {
    const runner = createSandboxRunner({
      start: () => Promise.reject(new Error('port in use')),
      dbPath: ':memory:',
      log: quiet,
      onChange: () => {},
    });
    await runner.stop();
    await expect(runner.ensure('v2')).rejects.toThrow('The local sandbox did not start: port in use');
    await runner.stop();
    expect(runner.current.state).toBe('error');
  });
});
