/**
 * What the Outbox says once Retry or "Send anyway" was taken: the entry is queued again, not sent yet
 * (offline, or behind others, it waits), so the words say what will happen, never that it happened.
 */
export function retryTakenSaid(heldForLook: boolean): string {
  return heldForLook ? 'Will be sent over the plate as it is now' : 'Will be tried again';
}
