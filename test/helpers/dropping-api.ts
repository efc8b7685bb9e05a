import type { BenchlinkApi } from '../../shared/ipc/api.js';
import type { EventName } from '../../shared/ipc/contract.js';

/**
 * A page's api over `api` as the browser host's client has it (ws-client.ts): while the socket is down
 * (`down()`), main's events never reach the page; `up()` is the connection made again, heard by every
 * onReconnect listener. Calls go through meanwhile: a test holds the page away from main's news only.
 * One event is heard by every listener of the page or missed by them all, as over one socket.
 */
export function droppingApi(api: BenchlinkApi) {
  let connected = true;
  const reconnects = new Set<() => void>();
  const missed: Array<{ event: EventName; payload: unknown }> = [];
  const page: BenchlinkApi = {
    invoke: api.invoke.bind(api),
    subscribe: (event, listener) =>
      api.subscribe(event, (payload) => {
        if (connected) listener(payload);
        else missed.push({ event, payload });
      }),
    onReconnect(listener) {
      reconnects.add(listener);
      return () => reconnects.delete(listener);
    },
  };
  return {
    api: page,
    down(): void {
      connected = false;
    },
    /**
     * Whether the page missed news that entry `id` went `state` (main gathers entry news for a moment
     * before it sends it: the entry's change is no proof yet that its news was sent).
     */
    missedNews(id: number, state: string): boolean {
      return missed.some(
        (m) =>
          m.event === 'outbox.changed' &&
          (m.payload as { changes: Array<{ id: number; state: string }> }).changes.some(
            (c) => c.id === id && c.state === state,
          ),
      );
    },
    up(): void {
      connected = true;
      for (const l of [...reconnects]) l();
    },
  };
}
