import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';
import { refusalSaid } from '../../../../../renderer/workflows/settings/refusal-said.js';

/**
 * Settings' Connection card says what main refused in a typed address, for Test as for Save: on the old
 * code Test said only "Invalid payload for connection.test." for an http address off this computer
 * (the usual first try on a lab network) or an empty one. The real main in-process.
 */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

const custom = (baseUrl: string) => ({
  kind: 'custom' as const,
  mode: 'v2' as const,
  baseUrl,
  filesUrl: '',
  eventsUrl: '',
});

describe('a connection Settings cannot take, tested', () => {
  it('says http is allowed only for this computer, naming the field', async () => {
    const r = await env.api.invoke('connection.test', { connection: custom('http://lims.lab.local/api') });
    if (r.ok) throw new Error('main took an http address off this computer');
    expect(refusalSaid(r.error)).toMatch(/^connection\.baseUrl: must use https/);
  });

  it('says an empty address is no address, naming the field', async () => {
    const r = await env.api.invoke('connection.test', { connection: custom('') });
    if (r.ok) throw new Error('main took an empty address');
    expect(refusalSaid(r.error)).toMatch(/connection\.baseUrl: /);
    expect(refusalSaid(r.error)).not.toMatch(/^Invalid payload/);
  });
});
