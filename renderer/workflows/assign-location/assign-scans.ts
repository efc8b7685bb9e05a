import {
  classify,
  garbageSaid,
  idRefusal,
  outsideLayoutRefusal,
  type ScanClass,
} from '../../lib/scan-input/scan-kind.js';
import { checkCharacterKept } from '../../lib/samples/check-character-kept.js';
import { messageOf } from '../../lib/ipc/client.js';
import { asRead, lookupFailedSaid, missWorthAsking, type TubeAnswer } from '../../lib/samples/tube-row.js';
import type { IncomingScan } from '../../lib/scan-input/scan-hub.svelte.js';
import { unknownSample } from '../../lib/question/unknown-sample.js';
import { movedOn, raise } from '../../lib/question/question.js';
import type { AssignState } from './assign-state.svelte.js';
import { spelledAsRow } from '../../lib/samples/sample-index.js';
import { alreadyHere, movedWithin, removalOf } from './held-words.js';
import { notOfChosenType, tubeSentAs } from './id-type.js';
import { layoutUnknownSaid } from './box-notes.js';
import { unknownLocation } from './unknown-location.js';
import { NOTHING_TO_UNDO } from '../../lib/undo/undo-keys.js';
import { NO_REDO } from './undo-words.js';
import { isUuid } from '../../../shared/api/primitives.js';

export async function handleAssignScan(s: AssignState, scan: IncomingScan): Promise<void> {
  const fb = s.feedback;
  const c = classify(scan.text, { layout: s.layout, source: scan.source });
  if (c.garbage) return fb.report(scan.text, garbageSaid(c), 'error', scan.mainAt);
  // A scan made instead of answering the question about a tube, or about a rack file: that tube, or
  // the file, is dropped, and said so.
  movedOn(s);
  s.rack.movedOn();
  if (c.kind === 'gs1') {
    const why = idRefusal(c, s.location ? 'a tube ID' : 'a location, box or plate ID');
    return fb.report(scan.text, `${why}; nothing recorded`, 'error', scan.mainAt);
  }
  const outside = s.layout && outsideLayoutRefusal(c, s.layout, s.location?.hrid ?? 'this box');
  if (outside) return fb.report(scan.text, outside, 'error', scan.mainAt);
  if (c.kind === 'plate' || c.kind === 'box') {
    return (await s.openManifest(c.value))
      ? boxOpened(s, scan)
      : // Null is the service's own answer: a read that could not be made is thrown with why (read cache).
        fb.report(scan.text, 'The service has no plate or box with this barcode', 'error', scan.mainAt);
  }
  if (c.kind === 'location' || !s.location) {
    const before = s.location;
    let opened: Awaited<ReturnType<AssignState['openLocation']>>;
    try {
      opened = await s.openLocation(c.value);
      if (opened === 'none' && (await s.openManifest(c.value))) opened = 'opened';
    } catch (err) {
      if (c.kind !== 'location') throw err;
      // Offline, a location label not known here could not be looked up: the box before stayed open with
      // its next position chosen, as when it was looked up and not found.
      if (before) s.close();
      return fb.report(scan.text, locationNotRead(messageOf(err), before?.name ?? null), 'error', scan.mainAt);
    }
    if (opened === 'unknown-uuid') return askUnknownLocation(s, c.value, scan, null);
    if (opened === 'opened') return fb.report(scan.text, `Location: ${s.location?.name}`, 'info', scan.mainAt);
    if (c.kind !== 'location') return fb.report(scan.text, 'Scan a location, box or plate first', 'error', scan.mainAt);
    // A location label: "scan a location first" answered the scan of one, and the box before stayed open
    // with its next position chosen, for the tube the bench meant for the new place.
    if (before) s.close();
    return fb.report(scan.text, locationNotKnown(c.value, before?.name ?? null), 'error', scan.mainAt);
  }
  if (c.kind === 'command' && c.layout !== undefined)
    return fb.report(scan.text, 'A plate layout: open the plate on Well fill to apply it', 'error', scan.mainAt);
  if (c.kind === 'command') {
    // Each said as what it did here: on the old code every command said "Cancelled", and an Undo
    // scanned after a wrong tube left it queued while the bench took it for taken back.
    if (c.command === 'skip') return fb.report(scan.text, s.skip(), 'info', scan.mainAt);
    if (c.command === 'undo') {
      const what = await s.undo();
      return fb.report(scan.text, what ? `Undone: ${what}` : NOTHING_TO_UNDO, 'info', scan.mainAt);
    }
    if (c.command === 'redo') return fb.report(scan.text, NO_REDO, 'error', scan.mainAt);
    if (c.command !== undefined && c.command !== 'cancel')
      return fb.report(
        scan.text,
        `"${c.command}" is a Well fill command; nothing was changed here`,
        'error',
        scan.mainAt,
      );
    s.armed = null;
    return fb.report(scan.text, 'Cancelled', 'info', scan.mainAt);
  }
  if (c.kind === 'position') {
    if (s.layoutUnknown !== null)
      return fb.report(scan.text, `${layoutUnknownSaid(s.layoutUnknown)}; nothing recorded`, 'error', scan.mainAt);
    if (!s.layout) return fb.report(scan.text, 'This location has no positions', 'error', scan.mainAt);
    // A position that holds a tube is refused now, not by the service later (a 409 in the Outbox);
    // unless the user's own removal of it is held for a look: the tube goes in once that is sent.
    const taken = s.takenBecause(c.normalized);
    if (taken) return fb.report(scan.text, `${taken}: scan another position`, 'occupied', scan.mainAt);
    const behind = s.removalHeldAt(c.normalized);
    s.armed = c.normalized;
    return fb.report(
      scan.text,
      behind
        ? `Next tube goes to ${c.normalized}: it will wait until your ${removalOf(behind)} there is sent (it needs a look in the Outbox)`
        : `Next tube goes to ${c.normalized}`,
      'info',
      scan.mainAt,
    );
  }
  // The tube's row, so a tube scanned by its sample ID is the one already put here by its barcode.
  let found: TubeAnswer;
  try {
    found = await s.lookUp(c.value);
  } catch (err) {
    return fb.report(scan.text, `NOT RECORDED: ${lookupFailedSaid(c.value, err)}`, 'error', scan.mainAt);
  }
  // No row holds it, and no rule calls it a tube: another plate's or box's uuid, hrid or barcode opens
  // that one, as its barcode does. Taken for a tube, it was queued as one (offline with a success line),
  // while the user believed they had switched boxes. A uuid may be a location's label too.
  if (found.row === null && c.kind === 'unknown' && isUuid(c.value)) {
    if (await uuidAsLocation(s, c.value, scan)) return;
  } else if (found.row === null && c.kind === 'unknown') {
    let named: boolean;
    try {
      named = await s.openManifestNamed(c.value);
    } catch (err) {
      return fb.report(
        scan.text,
        `NOT RECORDED: could not check whether ${c.value} is a plate or box (${messageOf(err)}); scan it again`,
        'error',
        scan.mainAt,
      );
    }
    if (named) return boxOpened(s, scan);
  }
  await placeTube(s, found.row ? { ...c, value: spelledAsRow(found.row, c.value) } : c, scan, found, false);
}

/**
 * A uuid no labsheet row has as its ID, barcode or row uuid, scanned with a box open: a storage location's
 * label (the service names a location by its uuid alone), a plate's or box's, or a tube's row uuid the rows
 * read so far lack. Read as a location label is: a location, plate or box known here or to the service
 * opens in the box's place; one nobody knows is asked about, unless the user's ID type says tubes are
 * scanned by their row uuid. Taken for a tube, a location's label went into the box's next position
 * (unasked offline) while the user believed they had moved on to the freezer. False: it is a tube.
 */
async function uuidAsLocation(s: AssignState, uuid: string, scan: IncomingScan): Promise<boolean> {
  const fb = s.feedback;
  const box = s.location?.name ?? null;
  let opened: Awaited<ReturnType<AssignState['openLocation']>>;
  try {
    opened = await s.openLocation(uuid);
  } catch (err) {
    fb.report(
      scan.text,
      `NOT RECORDED: could not check whether ${uuid} is a location, plate or box (${messageOf(err)}); scan it again`,
      'error',
      scan.mainAt,
    );
    return true;
  }
  if (opened === 'opened') {
    if (s.location?.kind === 'manifest') boxOpened(s, scan);
    else fb.report(scan.text, `Location: ${s.location?.name}`, 'info', scan.mainAt);
    return true;
  }
  if (opened !== 'unknown-uuid' || s.idType === 'ROW_UUID') return false;
  askUnknownLocation(s, uuid, scan, box);
  return true;
}

/** The question about a uuid nobody knows (unknownLocation); a yes opens it as a location with no positions. */
function askUnknownLocation(s: AssignState, uuid: string, scan: IncomingScan, boxOpen: string | null): void {
  raise(s, unknownLocation(uuid, boxOpen), scan, async () => {
    s.openAsLocation(uuid);
    s.feedback.report(scan.text, `Location: ${uuid} (not known on this computer)`, 'info', scan.mainAt);
  });
}

/** The line for a plate or box just opened: where its tubes go, or why a position must be scanned first. */
function boxOpened(s: AssignState, scan: IncomingScan): void {
  const needed = s.positionNeeded();
  s.feedback.report(
    scan.text,
    needed ? `${s.location?.name} — ${needed}` : `${s.location?.name} — tubes go to ${s.targetPosition() ?? 'the box'}`,
    'info',
    scan.mainAt,
  );
}

/**
 * Puts the scanned tube at the next position. `found` is its lookup, kept for the answer to the
 * question about a tube the labsheet lacks, so "Use anyway" costs no second lookup (`asked`: it is that
 * answer). The position and duplicates are checked again then: scans or a rack file may have come first.
 */
async function placeTube(
  s: AssignState,
  c: ScanClass,
  scan: IncomingScan,
  found: TubeAnswer,
  asked: boolean,
): Promise<void> {
  const fb = s.feedback;
  const row = found.row;
  // A tube before it whose answer was lost may be in the box: read it again first, so the tube is not
  // queued where that one may be, nor that one taken for a new tube when it is scanned again.
  await s.settleBeforeNext();
  const dup = s.whereIs(c.value, row);
  // A tube the box has at another position, scanned after a position: moved there by hand, queued as a
  // move out of where it was (`from`), as a rack file's. Without a position first it stays a duplicate,
  // so a double read never moves a tube.
  const from = dup?.position && !dup.held && s.armed !== null && s.armed !== dup.position ? dup.position : null;
  if (dup && !from) {
    const howToMove = !dup.held && dup.position && s.armed === null ? '. To move it, scan its new position first.' : '';
    return fb.report(scan.text, `${alreadyHere(c.value, dup)}; nothing recorded${howToMove}`, 'duplicate', scan.mainAt);
  }
  const wrongName = notOfChosenType(s.idType, c.value, row);
  if (wrongName) return fb.report(scan.text, `${wrongName}; nothing recorded`, 'error', scan.mainAt);
  const needed = s.positionNeeded();
  if (needed) return fb.report(scan.text, `${needed}; nothing recorded`, 'error', scan.mainAt);
  const position = s.targetPosition();
  if (s.layout && !position) return fb.report(scan.text, 'The box is full', 'error', scan.mainAt);
  // The position was free when it was chosen (scanned, listed to rescan); the box read again since may
  // fill it. Queued anyway, the tube would go on top of the one there (or be refused by the service).
  const taken = position ? s.takenBecause(position) : null;
  if (position && taken) return fb.report(scan.text, s.passOver(position, c.value, taken), 'occupied', scan.mainAt);
  // Queued unasked, the service refused it minutes later in the Outbox (no such row), when the bench
  // had moved on. Only when the rows that lack it came from the service: offline, it goes in unasked.
  // A tube moved within the box is not asked about: it is in the box already, as a rack file's move.
  // A read with a likely misreading (a scanner set to another keyboard layout) is asked about offline too.
  const worthAsking = found.row === null && missWorthAsking(found);
  const misread =
    c.cause ??
    (found.row === null && !asked && !from
      ? await checkCharacterKept(c.value, async (d) => (await s.lookUp(d)).row?.id ?? null)
      : undefined);
  const question =
    asked || from || found.row !== null ? null : unknownSample(c.value, worthAsking ? asRead(found) : null, misread);
  if (question) return raise(s, question, scan, () => placeTube(s, c, scan, found, true));
  const sent = tubeSentAs(s.idType, c, found.row);
  // Saved, but not sent until the held removal is: the line says so, or the user takes it as done.
  const behind = position ? s.removalHeldAt(position) : null;
  const done =
    dup && from && position
      ? movedWithin(c.value, dup.as, from, position)
      : `${sent.id} → ${s.location?.name}${position ? ` ${position}` : ''}`;
  const entry = await s.assign({ ...sent, position, ...(from ? { from } : {}) }, done, dup?.as);
  const waits = behind ? ` — waits for your ${removalOf(behind)} (needs a look in the Outbox)` : '';
  fb.report(scan.text, `${done}${waits}`, 'success', scan.mainAt);
  fb.about([entry]);
}

/** A location barcode this computer cannot open: why, and that the place open before was closed. */
export function locationNotKnown(code: string, closed: string | null): string {
  const why =
    `${code} is no location this computer knows: the service cannot be asked for a location by its barcode, ` +
    'so one made elsewhere opens here by the uuid on its label';
  return closed === null ? why : `${why}. ${closedSaid(closed)}`;
}

/** A location barcode that could not be looked up (`why`, main's words), and the place open before closed. */
export function locationNotRead(why: string, closed: string | null): string {
  // Main's words name the code read; the last-scan line shows it beside them too.
  const said = `NOT OPENED: ${why}`;
  return closed === null ? said : `${said} ${closedSaid(closed)}`;
}

const closedSaid = (closed: string) => `${closed} was closed, so no tube goes into it by mistake`;
