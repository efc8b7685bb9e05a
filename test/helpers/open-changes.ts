import { noOpenChanges, type OpenChanges } from '../../shared/ipc/channels/outbox.js';

/** A service's open changes as main counts them (outbox.services): the counts named, none of the rest. */
export const openChanges = (named: Partial<OpenChanges> = {}): OpenChanges => ({ ...noOpenChanges(), ...named });

/** Another service's open changes (waitingElsewhere), with what "discard them" gives up and what is in flight. */
export function elsewhere(
  service: string,
  { discardable = 0, sending = 0, ...named }: Partial<OpenChanges> & { discardable?: number; sending?: number },
) {
  return { service, ...openChanges(named), discardable, sending };
}
