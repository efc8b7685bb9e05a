import { ENDPOINTS, ENDPOINT_NAMES } from '../../shared/api/endpoints.js';
import { singleSequenceResponse } from '../../shared/api/sequences.js';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../main/sandbox/server.js';

/**
 * Every successful answer that goes through `call` is parsed with the contract's response schema
 * (shared/api/endpoints.ts), so a test of any endpoint also proves the sandbox speaks the contract.
 */
async function checkContract(method: string, path: string, res: Response): Promise<void> {
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return;
  const [pathname, query = ''] = path.split('?');
  const name = ENDPOINT_NAMES.find((n) => ENDPOINTS[n].method === method && ENDPOINTS[n].path === pathname);
  if (!name) return;
  // GET /sequences with `name` answers one sequence (DESIGN choice), not the list.
  const schema =
    name === 'listSequences' && new URLSearchParams(query).has('name')
      ? singleSequenceResponse
      : ENDPOINTS[name].response;
  const result = schema.safeParse(await res.clone().json());
  if (!result.success)
    throw new Error(`sandbox answer to ${method} ${pathname} breaks the contract: ${result.error.message}`);
}

export type TestSandbox = SandboxHandle & {
  /** fetch against the sandbox with the demo token (override headers to test auth). */
  call(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string },
  ): Promise<Response>;
};

/**
 * Starts an in-process sandbox on a free port (memory db, demo data unless a fixture is given,
 * no location-create delay unless asked). Close it in afterAll / finally.
 */
export async function startTestSandbox(opts: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({ mode: 'v2', locationDelayMs: 0, ...opts, port: opts.port ?? 0 });
  const call: TestSandbox['call'] = async (path, init = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${sandbox.demoToken}`, ...init.headers };
    const hasBody = init.body !== undefined || init.rawBody !== undefined;
    if (hasBody && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    const method = init.method ?? (hasBody ? 'POST' : 'GET');
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers,
      ...(hasBody ? { body: init.rawBody ?? JSON.stringify(init.body) } : {}),
    });
    await checkContract(method, path, res);
    return res;
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
