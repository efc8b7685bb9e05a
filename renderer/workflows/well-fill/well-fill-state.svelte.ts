import { call } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { CachedManifest } from '../../../shared/ipc/channels/cache.js';
import type { ManifestRef, WellIntent } from '../../../shared/outbox/intents.js';
import { positionsInOrder, type FillOrder, type Layout } from '../../../shared/layout/positions.js';
import { applyIntent, emptyWell, overlay, syncOf, type WellView } from '../../lib/plate-map/well-view.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { nextEmptyWell } from './fill-order.js';
import type { Guard } from './guards.js';
import { UndoStack } from './undo-stack.js';
import { inverseOf, type ActionStep, type WellAction } from './well-intents.js';

export interface PendingGuard extends Guard {
  /** What "use anyway" / "replace" / "switch" does. */
  proceed: () => Promise<void>;
}

/**
 * The plate being filled: its wells (server contents with the outbox drawn over them), the fill
 * cursor, the selection and the undo history. Every change goes through `commit`, which resolves
 * only once main has the entries durably — the caller acknowledges the scan after that.
 */
export class WellFillState {
  plate = $state<CachedManifest | null>(null);
  wells = $state<Record<string, WellView>>({});
  order = $state<FillOrder>('row-major');
  cursor = $state<string | null>(null);
  /** A scanned position waiting for its tube (`C5` then a tube). */
  armed = $state<string | null>(null);
  selection = $state<string[]>([]);
  guard = $state<PendingGuard | null>(null);
  labsheet = $state('Samples');
  canUndo = $state(false);
  canRedo = $state(false);
  #stack = new UndoStack<WellAction>();
  #entryPosition = new Map<number, string>();
  #offChange: (() => void) | null = null;

  constructor(readonly api: BenchlinkApi, readonly feedback: Feedback, readonly outbox: OutboxState) {}

  start(): void {
    this.#offChange = this.outbox.onChange((changes) => {
      for (const c of changes) {
        const pos = this.#entryPosition.get(c.id);
        const well = pos ? this.wells[pos] : undefined;
        if (!pos || !well) continue;
        const sync = syncOf(c.state);
        if (sync) well.sync = sync;
        if (sync === 'failed') void this.#fetchReason(c.id, pos);
      }
    });
  }
  stop(): void {
    this.#offChange?.();
  }

  get layout(): Layout | null {
    return this.plate ? { rows: this.plate.rows, columns: this.plate.columns } : null;
  }
  get ref(): ManifestRef {
    return { uuid: this.plate?.uuid ?? '' };
  }
  get positions(): string[] {
    return this.layout ? positionsInOrder(this.layout, 'row-major') : [];
  }
  /** Derived once per change of the wells, not once per read (the template reads it every update). */
  readonly #filled = $derived.by(() => {
    let n = 0;
    for (const w of Object.values(this.wells)) if (w.sample !== null) n++;
    return n;
  });
  get filled(): number {
    return this.#filled;
  }

  async load(query: { barcode?: string; hrid?: string; uuid?: string }): Promise<boolean> {
    const m = await call(this.api, 'cache.manifest', query);
    if (!m) return false;
    this.plate = m;
    const layout = { rows: m.rows, columns: m.columns };
    const view = overlay(positionsInOrder(layout, 'row-major'), m.wells, m.pending);
    this.wells = Object.fromEntries(view);
    this.#entryPosition.clear();
    for (const p of m.pending) if (p.intent.type === 'well-set' || p.intent.type === 'well-remove') this.#entryPosition.set(p.entryId, p.intent.position);
    this.armed = null;
    this.selection = [];
    this.guard = null;
    this.#stack.clear();
    this.#syncStack();
    this.cursor = this.nextTarget();
    return true;
  }

  nextTarget(from?: string): string | null {
    const layout = this.layout;
    if (!layout) return null;
    return nextEmptyWell(layout, this.order, (p) => this.wells[p]?.sample != null, from ?? this.cursor ?? undefined);
  }

  setOrder(order: FillOrder): void {
    this.order = order;
    this.cursor = this.nextTarget(positionsInOrder(this.layout ?? { rows: 1, columns: 1 }, order)[0]);
  }

  wellOfSample(sampleId: string): string | null {
    const hit = Object.values(this.wells).find((w) => w.sample?.toUpperCase() === sampleId.toUpperCase());
    return hit?.position ?? null;
  }

  /** Enqueues the intents (one durable commit each, in order), applies them, records one undo step. */
  async commit(what: string, intents: WellIntent[]): Promise<void> {
    const steps: ActionStep[] = [];
    for (const forward of intents) {
      const before = $state.snapshot(this.wells[forward.position] ?? emptyWell(forward.position)) as WellView;
      const { id } = await call(this.api, 'outbox.enqueue', { intent: forward });
      steps.push({ entryId: Number(id), forward, inverse: inverseOf(forward, before, this.ref), before });
      this.#apply(forward, Number(id));
    }
    this.#stack.push({ what, steps });
    this.#syncStack();
  }

  async undo(): Promise<string | null> {
    const action = this.#stack.undo();
    if (!action) return null;
    // Newest first: cancel what has not left yet; send the opposite change for what has.
    for (const step of [...action.steps].reverse()) {
      const r = await call(this.api, 'outbox.cancel', { id: step.entryId });
      if (r.ok) {
        this.wells[step.before.position] = { ...step.before };
        continue;
      }
      for (const inv of step.inverse) {
        const { id } = await call(this.api, 'outbox.enqueue', { intent: inv });
        this.#apply(inv, Number(id));
      }
    }
    this.cursor = this.nextTarget(action.steps[0]?.forward.position);
    this.#syncStack();
    return action.what;
  }

  async redo(): Promise<string | null> {
    const action = this.#stack.redo();
    if (!action) return null;
    const steps: ActionStep[] = [];
    for (const step of action.steps) {
      const before = $state.snapshot(this.wells[step.forward.position] ?? emptyWell(step.forward.position)) as WellView;
      const { id } = await call(this.api, 'outbox.enqueue', { intent: step.forward });
      this.#apply(step.forward, Number(id));
      steps.push({ ...step, entryId: Number(id), before, inverse: inverseOf(step.forward, before, this.ref) });
    }
    this.#stack.replaceTop('done', { what: action.what, steps });
    this.cursor = this.nextTarget();
    this.#syncStack();
    return action.what;
  }

  toggleSelect(position: string, extend: boolean): void {
    if (!extend) {
      this.selection = this.selection.length === 1 && this.selection[0] === position ? [] : [position];
      return;
    }
    this.selection = this.selection.includes(position) ? this.selection.filter((p) => p !== position) : [...this.selection, position];
  }

  #apply(intent: WellIntent, entryId: number): void {
    const before = this.wells[intent.position] ?? emptyWell(intent.position);
    this.wells[intent.position] = { ...applyIntent(before, intent), sync: 'pending', reason: null };
    this.#entryPosition.set(entryId, intent.position);
  }

  async #fetchReason(id: number, pos: string): Promise<void> {
    const r = await this.api.invoke('outbox.await', { id, timeoutMs: 0 });
    const well = this.wells[pos];
    if (r.ok && well) well.reason = r.value.error?.reason ?? r.value.error?.message ?? 'The service refused this well.';
  }

  #syncStack(): void {
    this.canUndo = this.#stack.canUndo;
    this.canRedo = this.#stack.canRedo;
  }
}
