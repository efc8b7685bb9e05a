import { describe, expect, it } from 'vitest';
import { serviceConnection } from '../../../../shared/api/connection.js';

const withBase = (baseUrl: string) => ({ baseUrl, filesUrl: baseUrl, eventsUrl: baseUrl, mode: 'v2' as const });
const messagesFor = (baseUrl: string): string[] => {
  const r = serviceConnection.safeParse(withBase(baseUrl));
  return r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'baseUrl').map((i) => i.message);
};

describe('service address rule', () => {
  it.each([
    'https://lims.lab.org/api',
    'https://lims.lab.org/api/',
    'https://lims.lab.org',
    'http://127.0.0.1:8080',
    'http://localhost:5000/api',
  ])('accepts %s', (url) => {
    expect(serviceConnection.safeParse(withBase(url)).success).toBe(true);
  });

  it.each([
    'https://lims.lab.org/#/home',
    'https://lims.lab.org/api?tenant=a',
    'https://lims.lab.org/api?',
    'https://lims.lab.org/api#',
  ])('refuses %s: a query or fragment would put every request at the wrong path', (url) => {
    const said = messagesFor(url);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/must not contain "\?" or "#"/);
  });

  it.each(['https://user:secret@lims.lab.org/api', 'https://user@lims.lab.org/api', 'https://@lims.lab.org/api'])(
    'refuses user info (%s): the client would send Basic auth instead of the token, and the password would be kept',
    (url) => {
      const said = messagesFor(url);
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/must not contain a user name or password/);
      // The message is shown and logged: it never repeats the address, so never the password.
      expect(said[0]).not.toContain('secret');
    },
  );

  it('still refuses plain http off this computer, with its own message', () => {
    expect(messagesFor('http://lims.lab.org/api')[0]).toMatch(/must use https/);
  });
});
