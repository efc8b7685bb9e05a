import { EVENTS, isEventName, type EventName, type EventPayload } from '../../shared/ipc/contract.js';
import type { Logger } from '../common/logger.js';

export type EventSink = (event: EventName, payload: unknown) => void;

export interface EventHub {
  /**
   * Validates against the contract, then delivers to every connected renderer. False when no page
   * took it (none connected, or the payload was outside the contract): what must not be lost is then
   * the caller's to keep (see the scanner bridge).
   */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): boolean;
  /**
   * Delivers to one page only, the one that takes the scanner's reads: the page that most recently
   * said the user is at it (`take`), else the most recently connected. A read is one scan: two tabs
   * each given it would each record it. A page whose sink refuses (it is going away) hands it to the
   * next. False when none took it.
   */
  emitToReader<E extends EventName>(event: E, payload: EventPayload<E>): boolean;
  /** Delivers to the page `page` only (a connection id), never to another; false when it is not connected. */
  emitToPage<E extends EventName>(page: string, event: E, payload: EventPayload<E>): boolean;
  /** The user is at page `page` now: it takes the scanner's reads. False when no sink is that page's. */
  take(page: string): boolean;
  /**
   * A transport (Electron window, WebSocket client) registers here once its page listens, naming the
   * page by the connection id its calls carry (CallContext.connection.id), so `take` and `emitToPage`
   * can find it; returns its removal. Listeners to `onSinkAdded` run right after, so they can hand the
   * new page what waited.
   */
  addSink(sink: EventSink, page?: string): () => void;
  onSinkAdded(listener: () => void): () => void;
}

interface Page {
  sink: EventSink;
  id: string | undefined;
  connectedAt: number;
  /** When it last said the user is at it (`take`); 0 for never. */
  takenAt: number;
}

export function createEventHub(log: Logger): EventHub {
  const pages = new Set<Page>();
  const added = new Set<() => void>();
  // Orders connections and takes ("most recent"); a page never taken keeps takenAt 0, so it sorts last.
  let tick = 0;

  function checked<E extends EventName>(event: E, payload: EventPayload<E>): { data: unknown } | null {
    if (!isEventName(event)) return null;
    const result = EVENTS[event].safeParse(payload);
    if (!result.success) {
      log.error('event payload outside the contract; dropped', { event });
      return null;
    }
    return { data: result.data };
  }

  /** Tries `to` in order until one takes it (or, with `all`, gives it to every one); true when any did. */
  function deliver(to: Iterable<Page>, event: EventName, data: unknown, all: boolean): boolean {
    let heard = false;
    for (const page of to) {
      try {
        page.sink(event, data);
        heard = true;
        if (!all) return true;
      } catch (err) {
        // One broken transport (a closed socket) must not stop delivery to the others.
        log.warn('event sink failed', { event, error: err instanceof Error ? err.message : 'unknown' });
      }
    }
    return heard;
  }

  /** Pages in the order they take the scanner's reads: the latest taker, then the latest connected. */
  function readers(): Page[] {
    return [...pages].sort((a, b) => b.takenAt - a.takenAt || b.connectedAt - a.connectedAt);
  }

  return {
    emit(event, payload) {
      const ok = checked(event, payload);
      return ok !== null && deliver(pages, event, ok.data, true);
    },
    emitToReader(event, payload) {
      const ok = checked(event, payload);
      return ok !== null && deliver(readers(), event, ok.data, false);
    },
    emitToPage(id, event, payload) {
      const ok = checked(event, payload);
      return (
        ok !== null &&
        deliver(
          readers().filter((p) => p.id === id),
          event,
          ok.data,
          false,
        )
      );
    },
    take(id) {
      const mine = [...pages].filter((p) => p.id === id);
      tick += 1;
      for (const p of mine) p.takenAt = tick;
      return mine.length > 0;
    },
    addSink(sink, id) {
      const page: Page = { sink, id, connectedAt: (tick += 1), takenAt: 0 };
      pages.add(page);
      for (const listener of [...added]) {
        try {
          listener();
        } catch (err) {
          log.warn('sink-added listener failed', { error: err instanceof Error ? err.message : 'unknown' });
        }
      }
      return () => void pages.delete(page);
    },
    onSinkAdded(listener) {
      added.add(listener);
      return () => added.delete(listener);
    },
  };
}
