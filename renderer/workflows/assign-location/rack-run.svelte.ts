import { IpcCallError, messageOf, notRecorded } from '../../lib/ipc/client.js';
import { counted } from '../../lib/format/counted.js';
import { parseRackCsv, type RackBad, type RackImport, type RackRead } from './rack-csv.js';
import type { AssignState, RackProgress } from './assign-state.svelte.js';
import type { KnownLocation } from '../../../shared/ipc/channels/cache.js';

/** What the screen says after an import (the last-scan line), and whether it all went in. */
export interface RackSaid {
  text: string;
  ok: boolean;
}

/** A rack file's reads whose commit failed, kept for trying again without choosing the file again. */
interface KeptReads {
  /** The box they were read for: a retry into another box would put them in the wrong place. */
  locationUuid: string;
  boxName: string;
  good: RackRead[];
  bad: RackBad[];
  /** Benchlink did not answer: the commit may have landed (the reads saved again pass over its tubes). */
  unsure: boolean;
}

/**
 * A rack scanner file on Assign location, from its text to what the screen shows: how far it has come,
 * the positions to rescan, the reads whose position is taken, and the reads of a file that could not be
 * saved, kept for "Save the rack file again". Kept with the box's state, so a visit to another screen
 * (the Outbox, to see why) loses none of it.
 */
export class RackRun {
  /** Positions the scanner could not read, or whose read is not a tube: the next scans fill them. */
  bad = $state<RackBad[]>([]);
  /** Reads whose position is taken: rescanning it cannot help, the tube needs another place. */
  taken = $state<RackBad[]>([]);
  progress = $state<RackProgress | null>(null);
  kept = $state<KeptReads | null>(null);

  constructor(readonly s: AssignState) {}

  async importText(text: string): Promise<RackSaid> {
    const layout = this.s.layout;
    const loc = this.s.location;
    if (!layout || !loc) return { text: 'Scan the box or plate first: a rack file needs its positions', ok: false };
    let r: RackImport;
    try {
      r = parseRackCsv(text, layout);
    } catch (err) {
      return {
        text:
          `The rack file could not be read (${messageOf(err)}): nothing from it was saved. Check that it is the ` +
          "rack scanner's CSV export (a position and a barcode on each line), then choose it again",
        ok: false,
      };
    }
    return this.#run(loc, r.good, r.bad);
  }

  /** The kept reads again, into the box they were read for. */
  async retry(): Promise<RackSaid> {
    const k = this.kept;
    if (!k) return { text: 'There is no rack file to save again: choose the file', ok: false };
    const loc = this.s.location;
    if (loc?.uuid !== k.locationUuid)
      return {
        text: `The kept rack file was read for ${k.boxName}, not the box open now: scan ${k.boxName} again, then press "Save the rack file again"`,
        ok: false,
      };
    return this.#run(loc, k.good, k.bad);
  }

  async #run(loc: KnownLocation, good: RackRead[], parsedBad: RackBad[]): Promise<RackSaid> {
    try {
      // A commit whose answer was lost may have landed: the box read again lists the moves this
      // computer queued into it, so their tubes are passed over, not queued a second time, whether
      // the kept reads are saved again or the file is chosen again.
      await this.s.refreshHoldings();
      const { saved, already, held, twice, refused } = await this.s.importRack(good, (p) => (this.progress = p));
      this.kept = null;
      this.bad = [...parsedBad, ...refused.filter((b) => !b.taken)];
      this.taken = refused.filter((b) => b.taken);
      this.s.rescan = this.bad.map((b) => b.position);
      return {
        text: savedSaid(saved, already, held, twice, this.bad, this.taken),
        ok: this.bad.length + this.taken.length === 0,
      };
    } catch (err) {
      const unsure = err instanceof IpcCallError && err.error.code === 'disconnected';
      this.kept = { locationUuid: loc.uuid, boxName: loc.name, good, bad: parsedBad, unsure };
      return { text: `${notRecorded(err)} ${unsavedSaid(unsure)}`, ok: false };
    } finally {
      this.progress = null;
    }
  }
}

function savedSaid(
  saved: number,
  already: number,
  held: readonly string[],
  twice: readonly string[],
  bad: readonly RackBad[],
  taken: readonly RackBad[],
): string {
  // Said on its own, not only as positions to rescan: the file itself is wrong there, and the
  // technician must look at the rack to know which position holds the tube.
  const twiceSaid = twice.length
    ? `; the file puts ${twice.length === 1 ? 'one tube' : `${twice.length} tubes`} in more than one position ` +
      `(${twice.join('; ')}): a tube can be in only one, so none of those reads was saved`
    : '';
  const rescan = bad.length
    ? `; ${counted(bad.length, 'position')} to rescan: ${bad.map((b) => b.position).join(' ')}`
    : '';
  const notSaved = taken.length
    ? `; ${taken.length} not saved because their positions are taken (${taken.map((b) => b.position).join(' ')}): see why below`
    : '';
  const passed = already ? `; ${already} already in this box, passed over` : '';
  const heldSaid = held.map((h) => `; ${h}`).join('');
  return `${counted(saved, 'tube')} saved from the rack file${twiceSaid}${rescan}${notSaved}${passed}${heldSaid}`;
}

/** What became of the file: main's refusal means none of it (one commit); a lost answer, unknown. */
function unsavedSaid(unsure: boolean): string {
  const again = 'press "Save the rack file again"';
  if (unsure)
    return (
      'Benchlink did not answer, so the rack file may or may not have been saved. Its reads are kept: once ' +
      `Benchlink is back, ${again}; tubes already saved are passed over, not saved twice.`
    );
  return `Nothing from the rack file was saved. Its reads are kept: ${again} once that is done.`;
}
