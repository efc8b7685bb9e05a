import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, LOCAL_SANDBOX, type InProcess } from '../../../helpers/in-process-api.js';
import { createLabspaceRequest } from '../../../../shared/api/eln.js';
import { labsheetToTemplateRequest } from '../../../../shared/api/labsheets.js';

/**
 * The spec limits labsheet and column names to 30 characters, and names no limit for a labspace's name
 * or a template's: the old schemas refused both over 30 characters before the service was asked. The
 * real main in-process, its embedded sandbox taking them.
 */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const long = 'Molecular Biology Core Facility Freezers'; // 40 characters

describe('a labspace name and a template name longer than 30 characters', () => {
  it('are queued and taken by the service; empty ones are still refused', async () => {
    expect(long.length).toBeGreaterThan(30);
    for (const intent of [
      { type: 'labspace-create' as const, request: { name: long } },
      { type: 'labsheet-to-template' as const, request: { labsheet: 'Samples', templateName: long } },
    ]) {
      const { id } = await env.call('outbox.enqueue', { intent, readFrom: LOCAL_SANDBOX });
      const done = await env.call('outbox.await', { id: Number(id), timeoutMs: 20_000 });
      expect(done.state).toBe('done');
    }
    expect(createLabspaceRequest.safeParse({ name: '  ' }).success).toBe(false);
    expect(labsheetToTemplateRequest.safeParse({ labsheet: 'Samples', templateName: '' }).success).toBe(false);
    expect(createLabspaceRequest.parse({ name: `  ${long} ` }).name).toBe(long);
  });
});
