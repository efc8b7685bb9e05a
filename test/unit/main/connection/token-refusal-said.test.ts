import { afterEach, describe, expect, it } from 'vitest';
import { customServiceOnMain } from '../api/stub-on-main.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const p of open.splice(0).reverse()) await p.close();
});

const customService = () => customServiceOnMain(open);

describe('what a screen read tells the token banner', () => {
  it("a 403 in the service's own words to a screen's read (a labsheet the token may not see) does not mark the token refused", async () => {
    const { p, stub, connection } = await customService();
    await p.call('token.set', { token: 'tok_scoped_123456', connection });
    stub.script({ status: 403, body: { success: false, message: 'User is not authorized to access this resource' } });
    const read = await p.api.invoke('lab.fetchLabsheetList', {});
    expect(read.ok).toBe(false);
    expect(await p.call('token.status', {})).toMatchObject({ set: true, rejected: false, notReceived: false });
  });

  it('a read with no token stored sends nothing and does not say a token was refused', async () => {
    const { p, stub } = await customService();
    const read = await p.api.invoke('lab.fetchLabsheetList', {});
    expect(read.ok).toBe(false);
    expect(stub.seen).toHaveLength(0);
    expect(await p.call('token.status', {})).toMatchObject({ set: false, rejected: false });
  });

  it('a 403 "Missing Authentication Token" to a read that carried the token is said as not received, not refused', async () => {
    const { p, stub, connection } = await customService();
    await p.call('token.set', { token: 'tok_sent_123456', connection });
    stub.script({ status: 403, body: { success: false, message: 'Missing Authentication Token' } });
    const read = await p.api.invoke('lab.fetchLabsheetList', {});
    expect(read.ok).toBe(false);
    expect(stub.seen[0]?.headers.authorization).toBe('Bearer tok_sent_123456');
    expect(await p.call('token.status', {})).toMatchObject({ set: true, rejected: true, notReceived: true });
    // A 401 afterwards is the token itself refused.
    stub.script({ status: 401, body: { success: false, message: 'Unauthorized' } });
    await p.api.invoke('lab.fetchLabsheetList', {});
    expect(await p.call('token.status', {})).toMatchObject({ rejected: true, notReceived: false });
  });

  it('Test connection on such a 403 says the token did not arrive and points at the address, not at entering a token', async () => {
    const { p, stub, connection } = await customService();
    await p.call('token.set', { token: 'tok_sent_123456', connection });
    stub.script({ status: 403, body: { success: false, message: 'Missing Authentication Token' } });
    const r = await p.call('token.test', {});
    expect(r.ok).toBe(false);
    expect(r.message).not.toMatch(/Enter a token first/);
    expect(r.message).toMatch(/no token reached it/);
    expect(r.message).toContain(stub.url);
  });
});

describe('Test connection on an address that redirects', () => {
  it('says where the redirect points and that it is not followed, without an internal endpoint name', async () => {
    const { p, stub, connection } = await customService();
    await p.call('token.set', { token: 'tok_sent_123456', connection });
    stub.script({ status: 301, raw: '', headers: { location: 'https://lims.example.org/api/v2/labspaces' } });
    const r = await p.call('token.test', {});
    expect(r).toMatchObject({ ok: false, kind: 'error' });
    expect(r.message).toBe(
      `The address ${stub.url} answered with a redirect (HTTP 301) to https://lims.example.org/api/v2/labspaces. ` +
        'Benchlink does not follow redirects: the token would go with them. If that is the service, put its ' +
        'address in Base URL (an address ending in / or http:// instead of https:// is often redirected).',
    );
    expect(stub.seen).toHaveLength(1);
  });
});
