import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createClassifier } from '../shared/barcode/classify.js';
import { percentile } from './stats.js';

const SCANS = 12_000;
const WARM_UP = 2_000;

/** The mix a bench sees: mostly plain IDs and positions, then GS1 reads in each form, URLs and misreads. */
function readAt(i: number): string {
  const id = String(i).padStart(6, '0');
  switch (i % 10) {
    case 0:
      return `TB${id}`;
    case 1:
      return `PLT${id}`;
    case 2:
      return 'C5';
    case 3:
      return `]d20109506000134352\x1d10LOT${id}\x1d17271130\x1d21S${id}`;
    case 4:
      return `01095060001343521727113010LOT${id}`;
    case 5:
      return `(01)09506000134352(17)271130(10)LOT${id}`;
    case 6:
      return `https://id.gs1.org/01/09506000134352/10/LOT${id}?17=271130`;
    case 7:
      return ']E04006381333931';
    case 8:
      return `]C100106141411234567897`;
    default:
      return `S-${id}#`;
  }
}

/**
 * What classification costs in the renderer, per scan: the lab's compiled patterns, GS1 in every
 * form (AIM element string, no AIM, human-readable, Digital Link), EAN and garbage. p99 is over
 * single calls after a warm-up, so it reports steady state, not the JIT's first passes.
 */
export function benchClassify(): { classifyP99Ms: number; classifyPerSec: number } {
  const classify = createClassifier();
  for (let i = 0; i < WARM_UP; i++) classify(readAt(i));
  const reads = Array.from({ length: SCANS }, (_, i) => readAt(i));
  const latencies: number[] = [];
  let kinds = 0;
  const started = performance.now();
  for (const read of reads) {
    const t0 = performance.now();
    kinds += classify(read).kind.length;
    latencies.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  if (kinds === 0) throw new Error('classifier returned nothing');
  return {
    classifyP99Ms: Number(percentile(latencies, 99).toFixed(4)),
    classifyPerSec: Math.round(SCANS / (elapsed / 1000)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = benchClassify();
  console.log(`classify: ${r.classifyPerSec} scans/s, p99 ${r.classifyP99Ms} ms per scan`);
}
