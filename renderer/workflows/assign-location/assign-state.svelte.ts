import { call } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { IdType } from '../../../shared/api/primitives.js';
import type { KnownLocation } from '../../../shared/ipc/channels/cache.js';
import type { Layout } from '../../../shared/layout/positions.js';
import type { Feedback } from '../../lib/feedback/feedback.svelte.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import { followEntrySync } from '../../lib/outbox/follow-entry-sync.js';
import type { WellSync } from '../../lib/plate-map/well-view.js';
import { nextEmptyWell } from '../well-fill/fill-order.js';
import { DEMO_LABSHEET } from '../../../shared/ipc/settings.js';

export interface Assignment {
  id: string;
  idType: IdType;
  position: string | null;
  entryId: number;
  sync: WellSync | null;
}
export type IdTypeChoice = IdType | 'detect';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The idType a scanned value most likely is, from what the shared classifier called it. */
export function detectIdType(kind: string, value: string): IdType {
  if (UUID.test(value)) return 'ROW_UUID';
  if (kind === 'tube') return 'ID_BARCODE';
  return 'ID';
}

/** Scan a location, then tubes: each tube is one durable outbox entry; positions advance in a box. */
export class AssignState {
  location = $state<KnownLocation | null>(null);
  occupied = $state<string[]>([]);
  assignments = $state<Assignment[]>([]);
  /** Set by the screen from the workflow's labsheet setting. */
  labsheet = $state(DEMO_LABSHEET);
  idType = $state<IdTypeChoice>('detect');
  next = $state<string | null>(null);
  armed = $state<string | null>(null);
  /** Positions a rack import could not read, to be filled by the next scans in this order. */
  rescan = $state<string[]>([]);
  #offChange: (() => void) | null = null;

  constructor(
    readonly api: BenchlinkApi,
    readonly feedback: Feedback,
    readonly outbox: OutboxState,
  ) {}

  start(): void {
    this.#offChange = followEntrySync(this.outbox, () => this.assignments);
  }
  stop(): void {
    this.#offChange?.();
  }

  get layout(): Layout | null {
    const l = this.location;
    return l?.rows && l.columns ? { rows: l.rows, columns: l.columns } : null;
  }

  async openManifest(code: string): Promise<boolean> {
    const m =
      (await call(this.api, 'cache.manifest', { barcode: code })) ??
      (await call(this.api, 'cache.manifest', { hrid: code }));
    if (!m) return false;
    this.location = {
      uuid: m.uuid,
      name: `${m.hrid} ${m.name}`,
      kind: 'manifest',
      hrid: m.hrid,
      barcode: m.barcode,
      rows: m.rows,
      columns: m.columns,
    };
    const pendingPositions = m.pending.flatMap((p) =>
      p.intent.type === 'well-set' && p.intent.sample ? [p.intent.position] : [],
    );
    this.occupied = [...m.wells.filter((w) => w.sample).map((w) => w.position), ...pendingPositions];
    this.#reset();
    return true;
  }

  async openLocation(code: string): Promise<boolean> {
    const known = await call(this.api, 'cache.locations', {});
    const hit = known.find((l) => l.uuid === code || l.name.toLowerCase() === code.toLowerCase() || l.barcode === code);
    if (hit?.kind === 'manifest') return this.openManifest(hit.barcode ?? hit.uuid);
    if (!hit && !UUID.test(code)) return false;
    this.location = hit ?? { uuid: code, name: code, kind: 'location' };
    this.occupied = [];
    this.#reset();
    return true;
  }

  #reset(): void {
    this.assignments = [];
    this.armed = null;
    this.rescan = [];
    this.next = this.layout ? nextEmptyWell(this.layout, 'row-major', (p) => this.#taken(p)) : null;
  }

  #taken(p: string): boolean {
    return this.occupied.includes(p) || this.assignments.some((a) => a.position === p);
  }

  /** Where the next tube goes: a position scanned first, a rack position to rescan, or the next free one. */
  targetPosition(): string | null {
    if (!this.layout) return null;
    return this.armed ?? this.rescan[0] ?? this.next;
  }

  alreadyAssigned(id: string): Assignment | null {
    return this.assignments.find((a) => a.id.toUpperCase() === id.toUpperCase()) ?? null;
  }

  async assign(id: string, idType: IdType, position: string | null): Promise<void> {
    const loc = this.location;
    if (!loc) throw new Error('Scan a location first');
    const { id: entryId } = await call(this.api, 'outbox.enqueue', {
      intent: {
        type: 'location-assign',
        labsheet: this.labsheet,
        locationId: loc.uuid,
        idType,
        id,
        ...(position ? { position } : {}),
      },
    });
    this.assignments.push({ id, idType, position, entryId: Number(entryId), sync: 'pending' });
    if (position) {
      if (this.armed === position) this.armed = null;
      this.rescan = this.rescan.filter((p) => p !== position);
      this.next = this.layout
        ? nextEmptyWell(this.layout, 'row-major', (p) => this.#taken(p), this.next ?? undefined)
        : null;
    }
  }
}
