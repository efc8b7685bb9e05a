import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../main/sandbox/server.js';

export type TestSandbox = SandboxHandle & {
  /** fetch against the sandbox with the demo token (override headers to test auth). */
  call(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string }): Promise<Response>;
};

/**
 * Starts an in-process sandbox on a free port (memory db, demo data unless a fixture is given,
 * no location-create delay unless asked). Close it in afterAll / finally.
 */
export async function startTestSandbox(opts: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({ mode: 'v2', locationDelayMs: 0, ...opts, port: opts.port ?? 0 });
  const call: TestSandbox['call'] = (path, init = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${sandbox.demoToken}`, ...init.headers };
    const hasBody = init.body !== undefined || init.rawBody !== undefined;
    if (hasBody && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    return fetch(`${sandbox.url}${path}`, {
      method: init.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      ...(hasBody ? { body: init.rawBody ?? JSON.stringify(init.body) } : {}),
    });
  };
  return Object.assign(sandbox, { call });
}

/** Runs fn against a fresh sandbox and always closes it. */
export async function withSandbox<T>(opts: Partial<SandboxOptions>, fn: (s: TestSandbox) => Promise<T>): Promise<T> {
  const s = await startTestSandbox(opts);
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}
