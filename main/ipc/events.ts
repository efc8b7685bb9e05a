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
   * A transport (Electron window, WebSocket client) registers here once its page listens; returns its
   * removal. Listeners to `onSinkAdded` run right after, so they can hand the new page what waited.
   */
  addSink(sink: EventSink): () => void;
  onSinkAdded(listener: () => void): () => void;
}

export function createEventHub(log: Logger): EventHub {
  const sinks = new Set<EventSink>();
  const added = new Set<() => void>();
  return {
    emit(event, payload) {
      if (!isEventName(event)) return false;
      const checked = EVENTS[event].safeParse(payload);
      if (!checked.success) {
        log.error('event payload outside the contract; dropped', { event });
        return false;
      }
      let heard = false;
      for (const sink of sinks) {
        try {
          sink(event, checked.data);
          heard = true;
        } catch (err) {
          // One broken transport (a closed socket) must not stop delivery to the others.
          log.warn('event sink failed', { event, error: err instanceof Error ? err.message : 'unknown' });
        }
      }
      return heard;
    },
    addSink(sink) {
      sinks.add(sink);
      for (const listener of [...added]) {
        try {
          listener();
        } catch (err) {
          log.warn('sink-added listener failed', { error: err instanceof Error ? err.message : 'unknown' });
        }
      }
      return () => sinks.delete(sink);
    },
    onSinkAdded(listener) {
      added.add(listener);
      return () => added.delete(listener);
    },
  };
}
