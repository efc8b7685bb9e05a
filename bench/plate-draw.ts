/**
 * What drawing the largest box costs in the page, with a rack file's worth of this computer's moves
 * standing in it (main sends them with the box, done or not, for 30 days): a rack file of 1,248 tubes
 * sent and read back, every well listing the tube a confirmed move put there. Well fill and Labels draw
 * the plate (drawPlate), Assign location draws what the box holds (boxHoldings), on each open and each
 * read again. Median of RUNS, in ms.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { drawPlate } from '../renderer/lib/plate-map/well-view.js';
import { boxHoldings } from '../renderer/workflows/assign-location/box-holdings.js';
import type { CachedWell, PendingWellChange } from '../shared/ipc/channels/cache.js';
import { percentile, round } from './stats.js';

const ROWS = 26;
const COLUMNS = 48;
const TUBES = ROWS * COLUMNS;
const RUNS = 9;
const position = (i: number) => `${String.fromCharCode(65 + Math.floor(i / COLUMNS))}${(i % COLUMNS) + 1}`;

/** The box as main answers it: every well listed, and the confirmed move that put its tube there. */
function rack() {
  const positions = Array.from({ length: TUBES }, (_, i) => position(i));
  const wells: CachedWell[] = positions.map((p, i) => ({
    position: p,
    sample: { id: `S-${i}`, labsheet: 'Samples' },
    label: 'SAMPLE',
    tags: [],
  }));
  const pending: PendingWellChange[] = positions.map((p, i) => ({
    entryId: i + 1,
    state: 'done',
    updatedAt: 0,
    error: null,
    mayHaveArrived: null,
    intent: {
      type: 'location-assign',
      labsheet: 'Samples',
      locationId: 'rack',
      idType: 'ID_BARCODE',
      id: `TB${i}`,
      position: p,
    },
    names: [`TB${i}`, `S-${i}`],
  }));
  return { positions, plate: { wells, pending, movedAway: [] } };
}

function medianMs(draw: () => unknown): number {
  draw();
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    draw();
    took.push(performance.now() - t0);
  }
  return round(percentile(took, 50), 2);
}

export function benchPlateDraw(): { drawPlateMs: number; boxHoldingsMs: number } {
  const { positions, plate } = rack();
  return {
    drawPlateMs: medianMs(() => drawPlate(positions, plate)),
    boxHoldingsMs: medianMs(() => boxHoldings(plate)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(benchPlateDraw());
