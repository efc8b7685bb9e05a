import { describe, expect, it } from 'vitest';
import type { TokenStatus } from '../../../../shared/ipc/status.js';
import { onlineSaid, tokenBanner } from '../../../../renderer/lib/token-words.js';

const none: TokenStatus = {
  set: false,
  stored: 'keychain',
  source: 'none',
  rejected: false,
  notReceived: false,
  storeProblem: null,
};
const good: TokenStatus = {
  set: true,
  stored: 'keychain',
  source: 'user',
  rejected: false,
  notReceived: false,
  storeProblem: null,
};

describe('what the page says about the token', () => {
  it('on Settings, points to the field below instead of offering to open Settings', () => {
    expect(tokenBanner(none, true)).toEqual({
      text: 'No token yet: enter one below, under Token.',
      openSettings: false,
    });
    expect(tokenBanner({ ...good, rejected: true }, true)).toEqual({
      text: 'The service refused your token: enter a new one below, under Token.',
      openSettings: false,
    });
  });

  it('elsewhere, says a token is needed and offers Settings; nothing when the token is good', () => {
    expect(tokenBanner(none, false)).toEqual({
      text: 'A token is needed to talk to this service.',
      openSettings: true,
    });
    expect(tokenBanner(good, false)).toBeNull();
  });

  it('a keychain that could not be read is said as what it is, not as "no token yet"', () => {
    const locked = { ...none, storeProblem: 'The token store could not be used (locked). Unlock the system keychain.' };
    expect(tokenBanner(locked, true)).toEqual({ text: locked.storeProblem, openSettings: false });
    expect(tokenBanner(locked, false)).toEqual({ text: locked.storeProblem, openSettings: false });
  });

  it('a token sent and said not received points at the address or a proxy, not at a new token', () => {
    const lost = { ...good, rejected: true, notReceived: true };
    for (const onSettings of [true, false]) {
      const said = tokenBanner(lost, onSettings)!;
      expect(said.text).toMatch(
        /^The service says no token reached it, though one was sent: check the connection's Base URL/,
      );
      expect(said.text).not.toMatch(/refused|new one/);
      expect(said.openSettings).toBe(!onSettings);
    }
  });

  it('never says a bare "Online" while no token is set', () => {
    expect(onlineSaid(none)).toBe('Online, but no token: nothing is sent until one is entered in Settings.');
    expect(onlineSaid(good)).toBe('Online');
    expect(onlineSaid(null)).toBe('Online');
  });
});
