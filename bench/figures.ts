/**
 * What `npm run bench` measures: each group runs one bench function in a fresh process and turns
 * its result into rows. Targets are reported beside the figures, never asserted.
 */
export interface FigureRow {
  figure: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "< 2". */
  target?: string;
  /** Whether the value meets the target, when there is one. */
  met?: boolean;
}

export interface BenchGroup {
  id: string;
  module: string;
  fn: string;
  args?: unknown[];
  rows(result: Record<string, number>): FigureRow[];
}

const under = (figure: string, value: number, unit: string, limit: number): FigureRow => ({
  figure,
  value,
  unit,
  target: `< ${limit}`,
  met: value < limit,
});
const atLeast = (figure: string, value: number, unit: string, limit: number): FigureRow => ({
  figure,
  value,
  unit,
  target: `≥ ${limit}`,
  met: value >= limit,
});
const atMost = (figure: string, value: number, unit: string, limit: number): FigureRow => ({
  figure,
  value,
  unit,
  target: `≤ ${limit}`,
  met: value <= limit,
});
const plain = (figure: string, value: number, unit: string): FigureRow => ({ figure, value, unit });

export const GROUPS: BenchGroup[] = [
  {
    id: 'renderer',
    module: './renderer.js',
    fn: 'benchRenderer',
    rows: (r) => [
      under('scan → visible feedback p50 (browser host IPC)', r.scanToScreenP50Ms!, 'ms', 16),
      under('scan → visible feedback p99 (browser host IPC)', r.scanToScreenP99Ms!, 'ms', 16),
      plain('scan → DOM updated p50 (before the frame wait)', r.scanToDomP50Ms!, 'ms'),
      // Issue 17's target.
      atMost('scan → DOM updated p99 (before the frame wait)', r.scanToDomP99Ms!, 'ms', 5),
      plain('keyboard scan (scan field) → DOM updated p50', r.fieldScanToDomP50Ms!, 'ms'),
      atMost('keyboard scan (scan field) → DOM updated p99', r.fieldScanToDomP99Ms!, 'ms', 5),
      plain('scan → visible feedback p99 at 10 scans/s', r.scanToScreen10HzP99Ms!, 'ms'),
      under('start → interactive plate map', r.startToInteractiveMs!, 'ms', 1500),
      under('renderer JS gzipped, first load (start → interactive)', r.initialJsGzipKb!, 'KB', 250),
      under('renderer JS gzipped', r.bundleGzipKb!, 'KB', 250),
      under('frame time p99, 384-well plate scanned at 10/s', r.frameP99Ms384At10Hz!, 'ms', 16.7),
    ],
  },
  {
    // What the machine alone charges for the scan's three trips: read the renderer group's scan → DOM
    // p99 against these (see transport-floor.ts).
    id: 'floor',
    module: './transport-floor.js',
    fn: 'benchTransportFloor',
    rows: (r) => [
      plain('three IPC trips, no app work (machine floor) p50', r.threeTripsP50Ms!, 'ms'),
      plain('three IPC trips, no app work (machine floor) p99', r.threeTripsP99Ms!, 'ms'),
      plain('three IPC trips + one fdatasync (durable floor) p50', r.durableTripsP50Ms!, 'ms'),
      plain('three IPC trips + one fdatasync (durable floor) p99', r.durableTripsP99Ms!, 'ms'),
      plain('idle thread woken by a message p99', r.wakeUpP99Ms!, 'ms'),
    ],
  },
  {
    id: 'enqueue',
    module: './outbox.js',
    fn: 'benchEnqueue',
    rows: (r) => [
      plain('outbox enqueue (durable) p50', r.p50Ms!, 'ms'),
      under('outbox enqueue (durable) p99', r.p99Ms!, 'ms', 2),
      atLeast('durable single-scan commits per second', r.commitsPerSec!, '/s', 2000),
    ],
  },
  {
    id: 'coalesced',
    module: './outbox.js',
    fn: 'benchCoalescedSync',
    rows: (r) => [
      plain('384-well plate sync, coalesced (50 ms latency)', r.coalescedMs!, 'ms'),
      plain('384-well plate sync, one request per scan', r.perScanMs!, 'ms'),
      atLeast('coalescing speed-up', r.speedup!, '×', 50),
      {
        figure: 'plate updates sent, coalesced',
        value: r.requestsCoalesced!,
        unit: 'req',
        target: '= 1',
        met: r.requestsCoalesced === 1,
      },
      {
        figure: 'plate reads around them (changed elsewhere?)',
        value: r.plateReads!,
        unit: 'req',
        target: '2',
        met: r.plateReads === 2,
      },
    ],
  },
  {
    id: 'drain',
    module: './outbox.js',
    fn: 'benchDrain10k',
    rows: (r) => [
      plain('drain 10,000 mixed entries', r.entriesPerSec!, 'entries/s'),
      plain('drain 10,000 mixed entries', r.requestsPerSec!, 'req/s'),
    ],
  },
  {
    id: 'rows',
    module: './sandbox-rows.js',
    fn: 'benchSandboxRows',
    rows: (r) => [
      plain('sandbox fetch-list-rows 1000/50,000 p50', r.p50!, 'ms'),
      under('sandbox fetch-list-rows 1000/50,000 p99', r.p99!, 'ms', 50),
    ],
  },
  {
    // A rack file of the largest box, chosen on Assign location, until the screen says it was saved.
    id: 'rack',
    module: './rack-import.js',
    fn: 'benchRackImport',
    rows: (r) => [
      plain('rack file 26 × 48, known tubes: file chosen → saved', r.knownMs!, 'ms'),
      plain('rack file 26 × 48, known tubes: "Saving" → saved', r.knownSavingMs!, 'ms'),
      plain('rack file 26 × 48, known tubes: file chosen → every move sent', r.knownSentMs!, 'ms'),
      plain('rack file 26 × 48, unknown tubes: file chosen → saved', r.unknownMs!, 'ms'),
      plain('rack file 26 × 48, unknown tubes: "Saving" → saved', r.unknownSavingMs!, 'ms'),
    ],
  },
  {
    // The largest box drawn with a rack file's moves standing in it, as each screen draws it on open.
    id: 'draw',
    module: './plate-draw.js',
    fn: 'benchPlateDraw',
    rows: (r) => [
      plain('rack 26 × 48 filled from a rack file: Well fill / Labels drawing', r.drawPlateMs!, 'ms'),
      plain('rack 26 × 48 filled from a rack file: Assign location holdings', r.boxHoldingsMs!, 'ms'),
    ],
  },
  {
    // Main draws the Labels preview (the page holds no encoder): what a preview costs there.
    id: 'labels',
    module: './label-preview.js',
    fn: 'benchLabelPreview',
    rows: (r) => [
      plain('Labels preview, 96 labels (48 drawn), first', r.plateColdMs!, 'ms'),
      plain('Labels preview, 96 labels, after an edit to a line', r.plateEditMs!, 'ms'),
      plain('Labels preview, 1,000 labels, after an edit to a line', r.job1000Ms!, 'ms'),
    ],
  },
  {
    id: 'memory',
    module: './outbox.js',
    fn: 'benchMemory100k',
    rows: (r) => [
      plain('main-process RSS idle', r.idleRssMb!, 'MB'),
      under('main-process RSS, 100,000 pending', r.with100kRssMb!, 'MB', 150),
    ],
  },
  {
    id: 'upload',
    module: './upload-memory.js',
    fn: 'benchUpload',
    args: [{ mb: 200 }],
    rows: (r) => [
      plain('upload 200 MB throughput', r.mbPerSec!, 'MB/s'),
      under('upload 200 MB peak RSS growth (flat memory)', r.peakRssGrowthMb!, 'MB', 100),
    ],
  },
  {
    id: 'scan-decode',
    module: './scan-decode.js',
    fn: 'benchScanDecode',
    rows: (r) => [
      plain('HID report decode rate', r.reportsPerSec!, 'reports/s'),
      under('HID scan decode p99', r.p99DecodeMs!, 'ms', 1),
      plain('classify (patterns, GS1, Digital Link, EAN) rate', r.classifyPerSec!, 'scans/s'),
      under('classify, p99 per scan', r.classifyP99Ms!, 'ms', 1),
    ],
  },
];
