/**
 * A minimal typed event emitter: event names and payloads are checked at compile time, and a
 * throwing listener cannot break the emitter's caller (the drain loop, an enqueue, a device read);
 * its error goes to `onListenerError` (a log line) instead of vanishing.
 */
export type Listener<T> = (payload: T) => void;

export class TypedEmitter<Events extends { [K in keyof Events]: unknown }> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  constructor(private readonly onListenerError: (err: unknown, event: string) => void = () => undefined) {}

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const l of [...set]) {
      try {
        (l as Listener<Events[K]>)(payload);
      } catch (err) {
        this.onListenerError(err, String(event));
      }
    }
  }
}

/** The usual handler: one log line naming the event. */
export const logListenerError =
  (log: { error(msg: string, fields?: Record<string, unknown>): void }, owner: string) =>
  (err: unknown, event: string) =>
    log.error(`${owner}: a listener of "${event}" failed`, { error: err instanceof Error ? err.message : String(err) });
