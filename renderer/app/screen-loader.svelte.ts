import type { ScreenComponent, ScreenDef, ScreenId } from './screens.js';

/**
 * The screens' code, fetched the first time each is opened and kept for the next visit, so
 * switching back is instant. One per App (no module-level state).
 */
export class ScreenLoader {
  #loaded = $state.raw<Partial<Record<ScreenId, ScreenComponent>>>({});
  #failed = $state.raw<Partial<Record<ScreenId, string>>>({});
  #inFlight = new Set<ScreenId>();

  /** The screen's component when it can be drawn now, else null (loading or failed). */
  component(def: ScreenDef): ScreenComponent | null {
    return def.component ?? this.#loaded[def.id] ?? null;
  }

  error(def: ScreenDef): string | null {
    return this.#failed[def.id] ?? null;
  }

  /** Fetches every lazy screen's code (at idle after start), so most first visits draw at once. */
  preload(defs: readonly ScreenDef[]): void {
    for (const def of defs) this.load(def);
  }

  /** Starts fetching the screen's code unless it is here or on its way; a failed fetch may be retried. */
  load(def: ScreenDef): void {
    if (!def.load || this.component(def) || this.#inFlight.has(def.id)) return;
    this.#inFlight.add(def.id);
    if (this.#failed[def.id])
      this.#failed = Object.fromEntries(Object.entries(this.#failed).filter(([id]) => id !== def.id));
    def
      .load()
      .then(
        (c) => (this.#loaded = { ...this.#loaded, [def.id]: c }),
        (err: unknown) =>
          (this.#failed = { ...this.#failed, [def.id]: err instanceof Error ? err.message : String(err) }),
      )
      .finally(() => this.#inFlight.delete(def.id));
  }
}
