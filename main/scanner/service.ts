import { scannerSettings, type ScannerSettings } from '../../shared/barcode/scanner-settings.js';
import type { z } from 'zod';
import { describeOpenError, describeReadError } from './access-error.js';
import { deviceKey, deviceRole } from './device-match.js';
import { DeviceSession, type DecodedRead, type SessionConfig } from './device-session.js';
import { createEmitter, type Listener } from './emitter.js';
import { sameUsbIds } from '../../shared/barcode/usb-ids.js';
import type {
  Clock,
  DeviceLayer,
  DeviceRole,
  DeviceListing,
  HidDeviceInfo,
  ScanSource,
  ScannerErrorCode,
  ScannerEvents,
  TimerId,
  Timers,
} from './types.js';

export interface ScannerServiceDeps {
  layer: DeviceLayer;
  clock: Clock;
  timers: Timers;
  /** `process.platform` in production; decides which access advice we give. */
  platform: string;
  settings?: z.input<typeof scannerSettings>;
}

export interface ScannerService {
  start(): void;
  stop(): void;
  /** Polls the device list now (the hot-plug poll does this on its interval). */
  refresh(): void;
  listDevices(): DeviceListing[];
  /** Whether HID works at all here; the settings panel shows `reason` (it may open after the error event). */
  hidStatus(): { available: true } | { available: false; reason: string };
  configure(settings: z.input<typeof scannerSettings>): void;
  readonly settings: ScannerSettings;
  on<K extends keyof ScannerEvents>(event: K, fn: Listener<ScannerEvents[K]>): () => void;
}

interface Tracked {
  info: HidDeviceInfo;
  listing: DeviceListing;
  session: DeviceSession | null;
  /** The last error told to the user for this device, so a failing open is not re-announced every poll. */
  lastError?: string;
}

/** Which collection decides what a device is: the user's ignore list, then scanner roles, best first. */
const ROLE_RANK: Record<DeviceRole | 'ignored', number> = { other: 0, 'hid-keyboard': 1, 'hid-pos': 2, ignored: 3 };

/**
 * Watches HID devices and turns scanner reports into `scan` events. node-hid has no plug
 * events, so the device list is polled; a device that appears is opened, one that vanishes
 * or fails is closed, and it is reopened when it shows up again — no restart needed.
 */
export function createScannerService(deps: ScannerServiceDeps): ScannerService {
  const emitter = createEmitter<ScannerEvents>();
  let settings = scannerSettings.parse(deps.settings ?? {});
  const tracked = new Map<string, Tracked>();
  let poll: TimerId | null = null;
  let running = false;
  let unavailable: string | null = null;

  function error(code: ScannerErrorCode, message: string, device?: DeviceListing): void {
    emitter.emit('error', device ? { code, message, device: { ...device } } : { code, message });
  }

  function sourceOf(t: Tracked): ScanSource {
    const kind = t.listing.role === 'hid-keyboard' ? 'hid-keyboard' : 'hid-pos';
    const source: ScanSource = { kind, vendorId: t.info.vendorId, productId: t.info.productId };
    if (t.info.path) source.path = t.info.path;
    return source;
  }

  function onRead(t: Tracked, r: DecodedRead): void {
    // Double reads are the scan hub's to judge (it sees every path): main delivers every read.
    const source = sourceOf(t);
    const scan: ScannerEvents['scan'] = { text: r.text, source, at: r.at, durationMs: Math.max(0, r.at - r.startedAt) };
    if (r.symbology) scan.symbology = r.symbology;
    if (r.aim) scan.aim = r.aim;
    emitter.emit('scan', scan);
  }

  function sessionConfig(info: HidDeviceInfo, role: 'hid-pos' | 'hid-keyboard'): SessionConfig | null {
    // Read at each arm of the continuation timer, so a new timeout needs no reopen: closing a HID POS
    // session mid-read would drop the read's head and start a fresh decoder that takes its tail (the
    // continuation reports) for a whole barcode and records it.
    if (role === 'hid-pos')
      return {
        role,
        get continuationTimeoutMs() {
          return settings.continuationTimeoutMs;
        },
      };
    const keyboard = keyboardEntry(info, settings);
    return keyboard ? { role, keyboard } : null;
  }

  function keyboardEntry(info: HidDeviceInfo, s: ScannerSettings): ScannerSettings['keyboardScanners'][number] | null {
    return s.keyboardScanners.find((k) => sameUsbIds(k, info)) ?? null;
  }

  function open(t: Tracked): void {
    const role = t.listing.role;
    if (role !== 'hid-pos' && role !== 'hid-keyboard') return;
    const config = sessionConfig(t.info, role);
    if (!config) return;
    try {
      const handle = deps.layer.open(t.info);
      t.session = new DeviceSession(handle, config, deps.clock, deps.timers, {
        read: (r) => onRead(t, r),
        problem: (code, message) => error(code, message, t.listing),
        lost: (err) => lose(t, err),
      });
      t.listing.status = 'open';
      delete t.listing.error;
      delete t.lastError;
      emitter.emit('device', { change: 'opened', device: { ...t.listing } });
    } catch (err) {
      const { code, message } = describeOpenError(err, t.info, deps.platform, role);
      t.listing.status = 'error';
      t.listing.error = message;
      if (t.lastError !== message) error(code, message, t.listing);
      t.lastError = message;
    }
  }

  /** `why` ends the sentence that reports a read cut off by the close. */
  function close(t: Tracked, status: 'closed' | 'error', why: string): void {
    if (!t.session) return;
    t.session.close(why);
    t.session = null;
    t.listing.status = status;
    emitter.emit('device', { change: 'closed', device: { ...t.listing } });
  }

  function lose(t: Tracked, err: Error): void {
    const message = describeReadError(err, t.info);
    close(t, 'error', 'reading from the scanner failed mid-read');
    t.listing.error = message;
    t.lastError = message;
    error('read-failed', message, t.listing);
  }

  function listDevicesNow(): HidDeviceInfo[] | null {
    try {
      const list = deps.layer.devices();
      unavailable = null;
      return list;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const message = reason.startsWith('HID unavailable') ? reason : `HID unavailable: ${reason}`;
      if (unavailable !== message) error('hid-unavailable', message);
      unavailable = message;
      return null;
    }
  }

  /**
   * hidapi lists a device once per top-level collection, every entry with the same path (a
   * scanner's HID POS or keyboard collection beside vendor and consumer-control ones, in any
   * order). The device is what its most useful collection says it is.
   */
  function byDevice(list: HidDeviceInfo[]): Map<string, { info: HidDeviceInfo; role: DeviceRole | 'ignored' }> {
    const devices = new Map<string, { info: HidDeviceInfo; role: DeviceRole | 'ignored' }>();
    for (const info of list) {
      const key = deviceKey(info);
      const role = deviceRole(info, settings);
      const best = devices.get(key);
      if (!best || ROLE_RANK[role] > ROLE_RANK[best.role]) devices.set(key, { info, role });
    }
    return devices;
  }

  function refresh(): void {
    const list = listDevicesNow();
    if (!list) return;
    const devices = byDevice(list);
    for (const [key, { info, role }] of devices) {
      const ignored = role === 'ignored';
      const listedRole = ignored ? 'other' : role;
      let t = tracked.get(key);
      if (!t) {
        const listing: DeviceListing = { ...info, key, role: listedRole, status: ignored ? 'ignored' : 'closed' };
        t = { info, listing, session: null };
        tracked.set(key, t);
        emitter.emit('device', { change: 'attached', device: { ...listing } });
      }
      if (t.listing.role !== listedRole) {
        close(t, 'closed', 'the scanner settings changed'); // settings changed what this device is
        t.info = info;
        Object.assign(t.listing, info, { role: listedRole });
      }
      if (ignored) t.listing.status = 'ignored';
      else if (t.listing.status === 'ignored') t.listing.status = 'closed';
      const wanted = running && settings.enabled && (role === 'hid-pos' || role === 'hid-keyboard');
      if (wanted && !t.session) open(t);
      if (!wanted && t.session) close(t, 'closed', 'scanners were turned off');
    }
    for (const [key, t] of tracked) {
      if (devices.has(key)) continue;
      close(t, 'closed', 'the scanner was unplugged');
      tracked.delete(key);
      emitter.emit('device', { change: 'detached', device: { ...t.listing, status: 'closed' } });
    }
  }

  return {
    get settings() {
      return settings;
    },
    start() {
      if (running) return;
      running = true;
      refresh();
      poll = deps.timers.setInterval(refresh, settings.pollIntervalMs);
    },
    stop() {
      running = false;
      if (poll !== null) deps.timers.clearInterval(poll);
      poll = null;
      for (const t of tracked.values()) close(t, 'closed', 'scanning stopped');
    },
    refresh,
    listDevices() {
      return [...tracked.values()].map((t) => ({ ...t.listing }));
    },
    hidStatus() {
      return unavailable === null ? { available: true } : { available: false, reason: unavailable };
    },
    configure(input) {
      const next = scannerSettings.parse(input);
      const intervalChanged = next.pollIntervalMs !== settings.pollIntervalMs;
      // A keyboard decoder's options are fixed per session: reopen only a scanner whose own entry
      // changed, so a new layout or terminator takes effect without cutting another scanner's read.
      const reopen = [...tracked.values()].filter(
        (t) =>
          t.session !== null &&
          t.listing.role === 'hid-keyboard' &&
          JSON.stringify(keyboardEntry(t.info, next)) !== JSON.stringify(keyboardEntry(t.info, settings)),
      );
      settings = next;
      for (const t of reopen) close(t, 'closed', 'the scanner settings changed');
      for (const t of tracked.values()) delete t.lastError; // new settings deserve a fresh report
      if (running && intervalChanged) {
        if (poll !== null) deps.timers.clearInterval(poll);
        poll = deps.timers.setInterval(refresh, settings.pollIntervalMs);
      }
      if (running) refresh();
    },
    on(event, fn) {
      return emitter.on(event, fn);
    },
  };
}
