import { describe, expect, it } from 'vitest';
import { serviceIdentity, serviceLabel } from '../../../shared/ipc/service-identity.js';

const custom = (baseUrl: string, more: { filesUrl?: string; eventsUrl?: string; mode?: 'v2' | 'legacy' } = {}) =>
  ({
    kind: 'custom',
    baseUrl,
    filesUrl: more.filesUrl ?? baseUrl,
    eventsUrl: more.eventsUrl ?? baseUrl,
    mode: more.mode ?? 'v2',
  }) as const;

describe('service identity', () => {
  it('is one service however the same addresses are written', () => {
    expect(serviceIdentity(custom('https://Lab.example.org/api/'))).toBe(
      serviceIdentity(custom('https://lab.example.org/api')),
    );
    expect(serviceIdentity(custom('https://lab.example.org:443/api'))).toBe(
      serviceIdentity(custom('https://lab.example.org/api')),
    );
  });

  it('is another service when any address, the mode or the kind differs', () => {
    const base = serviceIdentity(custom('https://lab.example.org/api'));
    expect(serviceIdentity(custom('https://lab.example.org:8443/api'))).not.toBe(base);
    expect(serviceIdentity(custom('https://lab.example.org/api', { filesUrl: 'https://files.example.org' }))).not.toBe(
      base,
    );
    expect(serviceIdentity(custom('https://lab.example.org/api', { eventsUrl: 'https://ev.example.org' }))).not.toBe(
      base,
    );
    expect(serviceIdentity(custom('https://lab.example.org/api', { mode: 'legacy' }))).not.toBe(base);
    expect(serviceIdentity({ kind: 'local-sandbox', mode: 'v2' })).not.toBe(base);
    expect(serviceIdentity({ kind: 'local-sandbox', mode: 'v2' })).not.toBe(
      serviceIdentity({ kind: 'local-sandbox', mode: 'legacy' }),
    );
  });

  it('names the service for people, and never fails on an identity it cannot read', () => {
    expect(serviceLabel(serviceIdentity({ kind: 'local-sandbox', mode: 'v2' }))).toBe('the local sandbox (API v2)');
    expect(serviceLabel(serviceIdentity(custom('https://lab.example.org/api')))).toBe(
      'https://lab.example.org/api (API v2)',
    );
    expect(serviceLabel('')).toBe('another service');
    expect(serviceLabel('{"kind":"custom"}')).toBe('{"kind":"custom"}');
  });
});
