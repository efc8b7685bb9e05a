import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScannerBridge, MAX_UNHEARD_READS } from '../../../../main/ipc/bridges/scanner-bridge.js';
import { createEventHub } from '../../../../main/ipc/events.js';
import { createScannerService } from '../../../../main/scanner/service.js';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import { FakeLayer, FakeTime, POS_SCANNER } from '../scanner/fakes.js';
import { posReports } from '../scanner/reports.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup() {
  dir = mkdtempSync(join(tmpdir(), 'benchlink-scanner-bridge-'));
  const layer = new FakeLayer();
  const time = new FakeTime();
  const service = createScannerService({ layer, clock: time, timers: time, platform: 'linux' });
  const events = createEventHub(quiet);
  const seen: Array<{ event: string; payload: unknown }> = [];
  events.addSink((event, payload) => seen.push({ event, payload }));
  layer.list = [POS_SCANNER];
  const bridge = createScannerBridge({ service, events, dataDir: dir, log: quiet, now: () => 1 });
  const send = (data: string, aim: string) =>
    posReports(data, aim).forEach((r) => layer.handle(POS_SCANNER.path!).send(r));
  return { bridge, seen, send };
}

describe('scanner bridge: what main sends the page', () => {
  it('HID POS reads keep their AIM id, so the page can classify GS1 that does not start with (01)', () => {
    const { bridge, seen, send } = setup();
    send('10LOT-7\x1d17261130', ']d2');
    send('00106141411234567897', ']C1');
    const scans = seen
      .filter((s) => s.event === 'scanner.scan')
      .map((s) => s.payload as { text: string; aim?: string });
    expect(scans.map((s) => [s.aim, s.text])).toEqual([
      [']d2', '10LOT-7\x1d17261130'],
      [']C1', '00106141411234567897'],
    ]);
    // The page puts the AIM id in front of the text (scan hub); the classifier then reads GS1.
    const classify = createClassifier({}, { now: () => Date.UTC(2026, 10, 24) });
    const lot = classify(`${scans[0]!.aim}${scans[0]!.text}`);
    expect([lot.kind, lot.gs1?.lot, lot.gs1?.expiry]).toEqual(['gs1', 'LOT-7', '2026-11-30']);
    const sscc = classify(`${scans[1]!.aim}${scans[1]!.text}`);
    expect([sscc.kind, sscc.gs1?.sscc]).toEqual(['gs1', '106141411234567897']);
    // Without its AIM id the same SSCC would be taken for an unknown ID.
    expect(classify(scans[1]!.text).kind).not.toBe('gs1');
    bridge.close();
  });

  it('a quick repeat is delivered (the hub judges doubles) and is never a scanner.error', () => {
    const { bridge, seen, send } = setup();
    send('TB000001', ']C0');
    send('TB000001', ']C0');
    expect(seen.filter((s) => s.event === 'scanner.scan')).toHaveLength(2);
    expect(seen.filter((s) => s.event === 'scanner.error')).toEqual([]);
    bridge.close();
  });

  it('a scanner.json written before the window moved to the hub still loads its devices', () => {
    dir = mkdtempSync(join(tmpdir(), 'benchlink-scanner-bridge-'));
    writeFileSync(
      join(dir, 'scanner.json'),
      JSON.stringify({ dedupeWindowMs: 500, keyboardScanners: [{ vendorId: 1, productId: 2 }] }),
    );
    const layer = new FakeLayer();
    const time = new FakeTime();
    const service = createScannerService({ layer, clock: time, timers: time, platform: 'linux' });
    const bridge = createScannerBridge({
      service,
      events: createEventHub(quiet),
      dataDir: dir,
      log: quiet,
      now: () => 1,
    });
    expect(bridge.settings().keyboardScanners).toMatchObject([{ vendorId: 1, productId: 2 }]);
    bridge.close();
  });
});

describe('scanner bridge: a read made while no page listens', () => {
  function unheard() {
    dir = mkdtempSync(join(tmpdir(), 'benchlink-scanner-bridge-'));
    const layer = new FakeLayer();
    const time = new FakeTime();
    const service = createScannerService({ layer, clock: time, timers: time, platform: 'linux' });
    const events = createEventHub(quiet);
    layer.list = [POS_SCANNER];
    let clock = 1_000;
    const bridge = createScannerBridge({ service, events, dataDir: dir, log: quiet, now: () => clock });
    const send = (data: string) => posReports(data, ']C0').forEach((r) => layer.handle(POS_SCANNER.path!).send(r));
    const page = () => {
      const seen: Array<{ event: string; payload: Record<string, unknown> }> = [];
      const remove = events.addSink((event, payload) =>
        seen.push({ event, payload: payload as Record<string, unknown> }),
      );
      return { seen, remove };
    };
    return { bridge, events, send, page, tick: (ms: number) => (clock += ms) };
  }

  it('waits for the next page and reaches it in order, saying how long it waited', () => {
    const { bridge, send, page, tick } = unheard();
    send('TB000001');
    tick(1_500);
    send('TB000002');
    tick(500);
    const p = page();
    expect(p.seen.map((s) => [s.event, s.payload['text'], s.payload['heldMs']])).toEqual([
      ['scanner.scan', 'TB000001', 2_000],
      ['scanner.scan', 'TB000002', 500],
    ]);
    // Handed over once: the next page gets only what is new, at once and without `heldMs`.
    send('TB000003');
    const later = page();
    expect(later.seen.map((s) => [s.payload['text'], s.payload['heldMs']])).toEqual([]);
    expect(p.seen.at(-1)?.payload).toMatchObject({ text: 'TB000003' });
    expect(p.seen.at(-1)?.payload).not.toHaveProperty('heldMs');
    bridge.close();
  });

  it('a page that is going away (its sink refuses) does not take the read', () => {
    const { bridge, events, send, page } = unheard();
    const leaving = events.addSink(() => {
      throw new Error('the page is going away');
    });
    send('TB000010');
    leaving();
    const p = page();
    expect(p.seen.map((s) => s.payload['text'])).toEqual(['TB000010']);
    bridge.close();
  });

  it('keeps the first reads up to its bound and says how many more were not kept', () => {
    const { bridge, send, page } = unheard();
    for (let i = 0; i < MAX_UNHEARD_READS + 3; i += 1) send(`TB${String(i).padStart(6, '0')}`);
    const p = page();
    const scans = p.seen.filter((s) => s.event === 'scanner.scan').map((s) => s.payload['text']);
    expect(scans).toHaveLength(MAX_UNHEARD_READS);
    expect(scans[0]).toBe('TB000000');
    expect(p.seen.filter((s) => s.event === 'scanner.error').map((s) => s.payload)).toEqual([
      {
        code: 'reads-not-kept',
        message: '3 more reads were made while Benchlink was not connected and could not be kept. Scan them again.',
      },
    ]);
    bridge.close();
  });
});

describe('scanner bridge: scanner.json', () => {
  function bridgeIn(folder: string, events = createEventHub(quiet)) {
    const layer = new FakeLayer();
    const time = new FakeTime();
    const service = createScannerService({ layer, clock: time, timers: time, platform: 'linux' });
    const lines: string[] = [];
    const log = { ...quiet, warn: (m: string) => void lines.push(m) };
    const bridge = createScannerBridge({
      service,
      events,
      dataDir: folder,
      log,
      now: () => 1,
      date: () => new Date(Date.UTC(2026, 10, 27)),
    });
    return { bridge, lines };
  }
  const fileIn = (folder: string) => JSON.parse(readFileSync(join(folder, 'scanner.json'), 'utf8')) as unknown;

  it('two changes at once: the file ends as the app runs', async () => {
    dir = mkdtempSync(join(tmpdir(), 'benchlink-scanner-bridge-'));
    const { bridge } = bridgeIn(dir);
    for (let i = 0; i < 20; i++) {
      await Promise.all([bridge.configure({ hidPos: false }), bridge.configure({ hidPos: true })]);
      expect(bridge.settings().hidPos).toBe(true);
      expect(fileIn(dir)).toEqual(bridge.settings());
    }
    bridge.close();
  });

  it('a field a newer version added keeps the claimed scanners; one bad scanner drops only itself, said and kept aside', async () => {
    dir = mkdtempSync(join(tmpdir(), 'benchlink-scanner-bridge-'));
    const original = {
      hidPos: false,
      keyboardScanners: [
        { vendorId: 1, productId: 2, layout: 'de', beepOnRead: true },
        { vendorId: 'x', productId: 3 },
        { vendorId: 4, productId: 5 },
      ],
      futureSwitch: 1,
    };
    writeFileSync(join(dir, 'scanner.json'), JSON.stringify(original));
    const events = createEventHub(quiet);
    const { bridge, lines } = bridgeIn(dir, events);
    expect(bridge.settings().hidPos).toBe(false);
    expect(bridge.settings().keyboardScanners.map((k) => [k.vendorId, k.productId, k.layout])).toEqual([
      [1, 2, 'de'],
      [4, 5, 'us'],
    ]);
    // The move aside and the write-back take their turn before any change.
    await bridge.configure({});
    const aside = join(dir, 'scanner.json.corrupt-2026-11-27T00-00-00-000Z');
    expect(JSON.parse(readFileSync(aside, 'utf8'))).toEqual(original);
    expect(fileIn(dir)).toEqual(bridge.settings());
    expect(bridge.notice).toMatch(/keyboardScanners\.0\.beepOnRead.*keyboardScanners\.1 .*futureSwitch/);
    expect(bridge.notice).toContain(aside);
    expect(lines).toHaveLength(1);
    const seen: Array<{ event: string; payload: unknown }> = [];
    events.addSink((event, payload) => seen.push({ event, payload }));
    expect(seen).toEqual([{ event: 'scanner.error', payload: { code: 'settings-salvaged', message: bridge.notice } }]);
    bridge.close();
  });

  it('a file that is not JSON gives defaults and is kept aside, not overwritten', async () => {
    dir = mkdtempSync(join(tmpdir(), 'benchlink-scanner-bridge-'));
    writeFileSync(join(dir, 'scanner.json'), '{"keyboardScanners": [');
    const { bridge } = bridgeIn(dir);
    await bridge.configure({ hidPos: false });
    expect(readFileSync(join(dir, 'scanner.json.corrupt-2026-11-27T00-00-00-000Z'), 'utf8')).toBe(
      '{"keyboardScanners": [',
    );
    expect(bridge.notice).toMatch(/not valid JSON/);
    bridge.close();
  });
});
