import { EVENTS, isEventName, type EventName, type EventPayload } from '../../shared/ipc/contract.js';
import type { Logger } from '../common/logger.js';

export type EventSink = (event: EventName, payload: unknown) => void;

export interface EventHub {
  /** Validates against the contract, then delivers to every connected renderer. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** A transport (Electron window, WebSocket client) registers here; returns its removal. */
  addSink(sink: EventSink): () => void;
}

export function createEventHub(log: Logger): EventHub {
  const sinks = new Set<EventSink>();
  return {
    emit(event, payload) {
      if (!isEventName(event)) return;
      const checked = EVENTS[event].safeParse(payload);
      if (!checked.success) {
        log.error('event payload outside the contract; dropped', { event });
        return;
      }
      for (const sink of sinks) {
        try {
          sink(event, checked.data);
        } catch (err) {
          // One broken transport (a closed socket) must not stop delivery to the others.
          log.warn('event sink failed', { event, error: err instanceof Error ? err.message : 'unknown' });
        }
      }
    },
    addSink(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
}
