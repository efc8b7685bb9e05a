/**
 * A minimal typed event emitter: event names and payloads are checked at compile time, and a
 * throwing listener cannot break the emitter's caller (the drain loop or an enqueue).
 */
export type Listener<T> = (payload: T) => void;

export class TypedEmitter<Events extends { [K in keyof Events]: unknown }> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

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
      } catch {
        // A UI listener's bug must not stop a commit or the drain; the UI owns its own error reporting.
      }
    }
  }
}
