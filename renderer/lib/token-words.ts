import type { TokenStatus } from '../../shared/ipc/status.js';

/** The token banner: what it says, and whether it offers to open Settings (not when already there). */
export interface TokenBanner {
  text: string;
  openSettings: boolean;
}

/**
 * What the page says about a missing or refused token, true to where the user is: on Settings the
 * token field is below, so "Open Settings" there only sent the user looking for another screen.
 */
export function tokenBanner(t: TokenStatus, onSettings: boolean): TokenBanner | null {
  if (t.storeProblem !== null && !t.set) return { text: t.storeProblem, openSettings: false };
  if (t.set && !t.rejected) return null;
  // A new token would meet the same: the token was sent and did not arrive.
  if (t.notReceived)
    return {
      text:
        "The service says no token reached it, though one was sent: check the connection's Base URL in Settings " +
        '(a missing part of its path can be answered so), or ask whoever runs the network whether a proxy removes it.',
      openSettings: !onSettings,
    };
  if (t.rejected)
    return onSettings
      ? { text: 'The service refused your token: enter a new one below, under Token.', openSettings: false }
      : { text: 'The service refused your token.', openSettings: true };
  return onSettings
    ? { text: 'No token yet: enter one below, under Token.', openSettings: false }
    : { text: 'A token is needed to talk to this service.', openSettings: true };
}

/**
 * The sync line's word when the service answers: "Online" alone, with no token, promised that scans
 * go out, when nothing is sent (or read) until a token is entered.
 */
export function onlineSaid(t: TokenStatus | null): string {
  return t !== null && !t.set ? 'Online, but no token: nothing is sent until one is entered in Settings.' : 'Online';
}
