/**
 * A tiny typed emitter: the shell forwards these events over IPC, so the event names and
 * payloads are part of a contract and must be checked by the compiler (no `any` bus).
 * A throwing listener must not stop the others or the device read loop.
 */
export type Listener<T> = (payload: T) => void;

export interface TypedEmitter<E> {
  on<K extends keyof E>(event: K, fn: Listener<E[K]>): () => void;
  emit<K extends keyof E>(event: K, payload: E[K]): void;
}

export function createEmitter<E>(onListenerError: (err: unknown) => void = () => {}): TypedEmitter<E> {
  const listeners = new Map<keyof E, Set<Listener<never>>>();
  return {
    on(event, fn) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(fn as Listener<never>);
      return () => set.delete(fn as Listener<never>);
    },
    emit(event, payload) {
      for (const fn of [...(listeners.get(event) ?? [])]) {
        try {
          (fn as Listener<typeof payload>)(payload);
        } catch (err) {
          onListenerError(err);
        }
      }
    },
  };
}
