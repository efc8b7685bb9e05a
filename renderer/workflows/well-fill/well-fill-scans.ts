import { layoutMisfit, unknownWhy } from './unknown-why.js';
import { checkCharacterKept } from '../../lib/samples/check-character-kept.js';
import { asRead, lookupFailedSaid, lookUpTubeAnswer, missWorthAsking } from '../../lib/samples/tube-row.js';
import { emptyWell } from '../../lib/plate-map/well-view.js';
import { classify, garbageSaid, idRefusal, outsideLayoutRefusal } from '../../lib/scan-input/scan-kind.js';
import type { IncomingScan } from '../../lib/scan-input/scan-hub.svelte.js';
import { isReservedWell } from '../../lib/plate-map/fill-order.js';
import { movedOn, raise } from '../../lib/question/question.js';
import { ASKED, duplicateSample, guardPlate, guardSample, occupiedAnswer } from './guards.js';
import { sampleIntent } from './well-intents.js';
import { applyLayoutNamed } from './layout-apply.js';
import { armedSaid, removalStillHeld } from './held-notes.js';
import type { WellFillState } from './well-fill-state.svelte.js';
import { NOTHING_TO_UNDO } from '../../lib/undo/undo-keys.js';
import { messageOf } from '../../lib/ipc/client.js';

// The screen and its tests answer Well fill's questions from here, as before they were shared.
export { answerGuard } from '../../lib/question/question.js';

/** Turns one scan into what it means on the well-fill screen. */
export async function handleWellFillScan(s: WellFillState, scan: IncomingScan): Promise<void> {
  const fb = s.feedback;
  const c = classify(scan.text, { layout: s.layout, source: scan.source });
  if (c.garbage) return fb.report(scan.text, garbageSaid(c), 'error', scan.mainAt);
  movedOn(s);

  if (c.kind === 'command' && c.layout !== undefined) {
    const r = await applyLayoutNamed(s, c.layout);
    if (r.guarded) return fb.report(scan.text, r.said, ASKED['occupied-well'].tone, scan.mainAt);
    return fb.report(scan.text, r.said, r.ok ? 'success' : 'error', scan.mainAt);
  }
  if (c.kind === 'command') {
    await runCommand(s, c.command ?? 'cancel', scan);
    return;
  }
  if (c.kind === 'gs1') {
    const why = idRefusal(c, s.plate ? 'a sample or tube ID' : 'a plate ID');
    return fb.report(scan.text, `${why}; nothing recorded`, 'error', scan.mainAt);
  }
  const outside = s.layout && outsideLayoutRefusal(c, s.layout, s.plate?.hrid ?? 'this plate');
  if (outside) return fb.report(scan.text, outside, 'error', scan.mainAt);
  if (c.kind === 'plate' || c.kind === 'box' || (!s.plate && c.kind === 'unknown')) {
    const g = guardPlate(s.plate, c.value);
    if (g) return raise(s, g, scan, () => openPlate(s, c.value, scan));
    if (s.plate) return fb.report(scan.text, `Still filling ${s.plate.hrid}`, 'info', scan.mainAt);
    return openPlate(s, c.value, scan);
  }
  if (!s.plate) return fb.report(scan.text, 'Scan a plate or box first', 'error', scan.mainAt);
  if (c.kind === 'position') {
    s.armed = c.normalized;
    const well = s.wells[c.normalized];
    const removalHeld = s.removalHeldAt(c.normalized);
    // A well shown empty on a plate with tubes this computer cannot place may hold one of them: said at the
    // position scan, as nothing can ask when the tube comes (the service would replace it unasked).
    const mayHold =
      s.unknown !== 0 && !removalHeld && !well?.sample
        ? ` — ${unplacedSaid(s)}: ${c.normalized} may be one of them`
        : '';
    return fb.report(scan.text, `${armedSaid(c.normalized, well, removalHeld)}${mayHold}`, 'info', scan.mainAt);
  }
  if (c.kind === 'location')
    return fb.report(scan.text, 'That is a storage location: use Assign location', 'error', scan.mainAt);
  await placeSample(s, c.value, scan, [], undefined, c.cause);
}

async function openPlate(s: WellFillState, code: string, scan: IncomingScan): Promise<void> {
  let ok: boolean;
  try {
    ok = (await s.load({ barcode: code })) || (await s.load({ hrid: code }));
  } catch (err) {
    // Main could not ask the service and has no copy (it says why): not "no such plate".
    return s.feedback.report(scan.text, messageOf(err), 'error', scan.mainAt);
  }
  // Null is the service's own answer (a read that could not be made is thrown with why, above).
  if (!ok)
    return s.feedback.report(scan.text, 'The service has no plate or box with this barcode', 'error', scan.mainAt);
  const p = s.plate!;
  // A stopped fill has no next well either: said why, not "full" (48 of 96 wells may be free).
  const next = s.cursor ? `next well ${s.cursor}` : s.held ? heldReason(s) : 'the plate is full';
  s.feedback.report(scan.text, `${p.hrid} · ${p.name} — ${next}`, 'info', scan.mainAt);
}

/**
 * `answered` are the questions the user has said yes to for this tube (each passed over, the rest still
 * asked); `asked` is the tube as resolved for them, so an answer costs no second lookup (a run of unknown
 * tubes: one lookup each).
 */
async function placeSample(
  s: WellFillState,
  code: string,
  scan: IncomingScan,
  answered: readonly string[],
  asked?: ResolvedSample,
  misread?: string,
): Promise<void> {
  const resolved = asked ?? (await resolveSample(s, code, scan, misread));
  if (!resolved) return;
  // Worked out again when the plate was read again before the tube's turn came (WellFillState.commitIf),
  // a few times at most: a plate read again that often while one tube waits is not filled by guesswork.
  for (let tries = 0; tries < MAX_WORKED_OUT; tries++) {
    const placed = await placeOnce(s, code, scan, answered, resolved);
    if (placed !== 'read-again') return;
  }
  s.feedback.report(
    scan.text,
    `NOT RECORDED: ${resolved.sampleId}: the plate was read again ${MAX_WORKED_OUT} times while it was being placed. Scan it again`,
    'error',
    scan.mainAt,
  );
}

const MAX_WORKED_OUT = 3;

/**
 * The tube's well and the questions to ask, on the wells as read now; committed only if they still read
 * so when its turn comes. 'read-again': they did not, nothing was recorded, and it is worked out again.
 */
async function placeOnce(
  s: WellFillState,
  code: string,
  scan: IncomingScan,
  answered: readonly string[],
  resolved: ResolvedSample,
): Promise<'done' | 'read-again'> {
  const { sampleId, known, names, asReadText, misread } = resolved;
  // A tube put here on Assign location is drawn under the name it was scanned with there (its
  // barcode or its sample ID): any of the tube's names finds it.
  const alreadyAt = names.map((n) => s.wellOfSample(n)).find((p) => p !== null) ?? null;
  const duplicate = duplicateSample(sampleId, alreadyAt);
  if (duplicate) {
    await raise(s, duplicate, scan, () => Promise.resolve());
    return 'done';
  }
  const target = s.armed ?? s.cursor ?? (s.held ? null : s.nextTarget());
  if (!target) {
    s.feedback.report(scan.text, s.held ? heldReason(s) : 'The plate is full', 'error', scan.mainAt);
    return 'done';
  }
  const holds = s.wells[target]?.sample ?? null;
  const g = guardSample(
    {
      sampleId,
      target,
      alreadyAt,
      targetHolds: holds,
      targetHeld: s.wells[target]?.sync === 'held',
      targetControl: s.wells[target] && isReservedWell(s.wells[target]) ? s.wells[target].label : null,
      knownInLabsheet: known,
      labsheetAsRead: asReadText,
      ...(misread ? { misread } : {}),
    },
    answered,
  );
  if (g) {
    const yes = g.kind === 'occupied-well' && holds !== null ? occupiedAnswer(target, holds) : g.kind;
    await raise(s, g, scan, () => placeSample(s, code, scan, [...answered, yes], resolved));
    return 'done';
  }
  const before = s.wells[target];
  // The user's removal of this well's tube is still held for a look: the tube put here replaces it on
  // the service (or is held too, the plate having changed), but the removal stays in the Outbox for
  // them to decide, so the line says so (Assign location's tube, by contrast, waits for it).
  const removedHeld = s.removalHeldAt(target);
  // What the decision was made on: the plate's reading, and the chosen well as drawn.
  const reading = s.readingsTaken;
  const drawn = JSON.stringify(s.wellNow(target));
  const stands = () => s.readingsTaken === reading && JSON.stringify(s.wellNow(target)) === drawn;
  const committed = await s.commitIf(stands, `${sampleId} → ${target}`, [
    sampleIntent(s.ref, target, { id: sampleId, labsheet: s.labsheet }, before ?? emptyWell(target)),
  ]);
  if (!committed) return 'read-again';
  // A position-first scan is a detour: the fill goes on from where it was, not from the detour. On a
  // plate held because some of its wells cannot be placed, it is where the user chose to start.
  const wasArmed = s.armed !== null;
  s.armed = null;
  if (wasArmed && s.held) s.fillFrom(target);
  else s.cursor = wasArmed ? s.nextTarget() : s.nextTarget(target);
  const stillHeld = removedHeld ? ` — ${removalStillHeld(removedHeld)}` : '';
  s.feedback.report(scan.text, `${sampleId} → ${target}${stillHeld} · ${afterTubeSaid(s)}`, 'success', scan.mainAt);
  s.feedback.about(committed);
  return 'done';
}

/** A scanned tube as Well fill places it (resolveSample). */
interface ResolvedSample {
  sampleId: string;
  /** false: the labsheet's rows (all, or the part listed) were read from the service and lack it; null: they could not be. */
  known: boolean | null;
  names: string[];
  asReadText: string;
  /** The read's likely cause, as classify said it (a scanner set to another keyboard layout). */
  misread?: string;
}

/**
 * The tube's sample ID (lookUpTube) and every name it goes by, the sample ID first. A tube the
 * labsheet lacks is `known: false` only when the rows that lack it came from the service (the miss
 * says when they were read, whether they were the saved copy, and whether only part of the labsheet:
 * then the question says so, missWorthAsking): offline, or a labsheet never read
 * or not on the service, it is null, given the benefit of the doubt. Main's read cache owns that
 * freshness, so no second call asks whether the labsheet is reachable. Undefined after telling the
 * bench the lookup itself failed: nothing is recorded.
 */
async function resolveSample(
  s: WellFillState,
  code: string,
  scan: IncomingScan,
  misread: string | undefined,
): Promise<ResolvedSample | undefined> {
  let answer: Awaited<ReturnType<typeof lookUpTubeAnswer>>;
  try {
    answer = await lookUpTubeAnswer(s.api, s.samples, s.labsheet, code);
  } catch (err) {
    // Main could not look the tube up (or several rows hold it): not "unknown sample", and nothing is recorded.
    s.feedback.report(scan.text, `NOT RECORDED: ${lookupFailedSaid(code, err)}`, 'error', scan.mainAt);
    return undefined;
  }
  const row = answer.row;
  if (!row) {
    const known = missWorthAsking(answer) ? false : null;
    const cause =
      misread ??
      (await checkCharacterKept(
        code,
        async (d) => (await lookUpTubeAnswer(s.api, s.samples, s.labsheet, d)).row?.id ?? null,
      ));
    return { sampleId: code, known, names: [code], asReadText: asRead(answer), ...(cause ? { misread: cause } : {}) };
  }
  const names = [row.id, code, ...(row.barcode ? [row.barcode] : [])];
  return { sampleId: row.id, known: true, names, asReadText: '' };
}

const SAY_WHERE = 'scan the position for this tube (C5), or select a well and choose "Fill from here"';

/** Why wells of this plate may hold tubes the screen does not show ("48 wells of this plate were …"). */
function unplacedSaid(s: WellFillState): string {
  const n = s.unknown;
  if (n === null) return `any well may be used: ${s.plate ? unknownWhy(s.plate, 'this plate') : ''}`;
  return `${n} well${n === 1 ? '' : 's'} of this plate ${n === 1 ? 'was' : 'were'} filled elsewhere at positions this computer does not know`;
}

/**
 * A fill the user started that reached the end of the plate (WellFillState.ranOutFrom), after "The
 * fill" or "it": why it does not go round, and what starts it again.
 */
const ranOutSaid = (s: WellFillState, from: string): string =>
  `went from ${from} to the end of the plate and does not go round, as ${unplacedSaid(s)}. To go on, ${SAY_WHERE}`;

/** Why no well is chosen by itself on this plate, and what starts the fill. */
export function heldReason(s: WellFillState): string {
  if (s.plate?.layoutFrom === 'unknown') {
    const misfit = layoutMisfit(s.plate);
    return `Say how a "${s.plate.template}" is laid out first (above the plate map)${misfit ? `: ${misfit}` : ''}`;
  }
  if (s.ranOutFrom) return `The fill ${ranOutSaid(s, s.ranOutFrom)}`;
  if (s.unknown === null)
    return `Any well may be used: ${s.plate ? unknownWhy(s.plate, 'this plate') : ''}. Scan the position for this tube (C5), or select a well and choose "Fill from here"`;
  return `${unplacedSaid(s)}: ${SAY_WHERE}`;
}

/** Where the fill goes after a tube: the next well, why it stops there, or that the plate is full. */
function afterTubeSaid(s: WellFillState): string {
  if (s.cursor) return `next ${s.cursor}`;
  if (!s.held) return 'plate full';
  return s.ranOutFrom ? `the fill stops here: it ${ranOutSaid(s, s.ranOutFrom)}` : `no next well: ${heldReason(s)}`;
}

/** "Fill from here": from the scanned position, else the selected well. */
export function fillFromHere(s: WellFillState): string {
  const from = s.armed ?? s.selection[0] ?? null;
  if (!s.plate) return 'Scan a plate first';
  if (!from) return 'Scan a position or select a well first, then "Fill from here"';
  s.fillFrom(from);
  return s.cursor ? `Filling from ${s.cursor}` : 'No empty well from there on';
}

async function runCommand(s: WellFillState, command: string, scan: IncomingScan): Promise<void> {
  if (command === 'fill-here') {
    const said = fillFromHere(s);
    return s.feedback.report(scan.text, said, said.startsWith('Filling') ? 'info' : 'error', scan.mainAt);
  }
  if (command === 'undo') {
    const what = await s.undo();
    return s.feedback.report(scan.text, what ? `Undone: ${what}` : NOTHING_TO_UNDO, 'info', scan.mainAt);
  }
  if (command === 'redo') {
    const what = await s.redo();
    return s.feedback.report(scan.text, what ? `Redone: ${what}` : 'Nothing to redo', 'info', scan.mainAt);
  }
  if (command === 'skip' && s.plate) {
    if (s.held) return s.feedback.report(scan.text, heldReason(s), 'error', scan.mainAt);
    const skipped = s.cursor;
    if (!skipped || !s.layout)
      return s.feedback.report(scan.text, 'Nothing to skip: the plate is full', 'error', scan.mainAt);
    const next = s.nextAfter(skipped);
    if (next === null) {
      // A fill the user started ends at its last well rather than going round (nextAfter): it stops.
      s.cursor = null;
      const why = s.ranOutFrom ? `the fill ${ranOutSaid(s, s.ranOutFrom)}` : heldReason(s);
      return s.feedback.report(scan.text, `Skipped ${skipped}: ${why}`, 'info', scan.mainAt);
    }
    if (next === skipped)
      return s.feedback.report(
        scan.text,
        `${skipped} is the only empty well left: nothing to skip to`,
        'error',
        scan.mainAt,
      );
    s.cursor = next;
    return s.feedback.report(scan.text, `Skipped ${skipped}; next well ${next ?? 'none'}`, 'info', scan.mainAt);
  }
  if (command === 'done' || command === 'next-plate') {
    const hrid = s.plate?.hrid;
    s.closePlate();
    return s.feedback.report(
      scan.text,
      hrid ? `${hrid} closed — scan the next plate` : 'Scan a plate',
      'info',
      scan.mainAt,
    );
  }
  s.armed = null;
  s.feedback.report(scan.text, 'Cancelled', 'info', scan.mainAt);
}
