/**
 * The seams of the scanner service. Everything that touches hardware or time is injected, so
 * the whole service runs in tests with recorded reports, a fake clock and fake timers.
 */

/** What node-hid's `devices()` reports, reduced to the fields we use. */
export interface HidDeviceInfo {
  vendorId: number;
  productId: number;
  path?: string;
  usagePage?: number;
  usage?: number;
  interface?: number;
  product?: string;
  manufacturer?: string;
  serialNumber?: string;
}

/** An open device. `onData` receives each input report (report ID first when the device numbers its reports). */
export interface HidHandle {
  onData(fn: (report: Uint8Array) => void): void;
  onError(fn: (err: Error) => void): void;
  close(): void;
}

export interface DeviceLayer {
  /** Throws when HID is unavailable (e.g. libusb missing); the service reports it and keeps polling. */
  devices(): HidDeviceInfo[];
  /** Throws when the OS refuses access; the error's message/code decide the advice we give. */
  open(device: HidDeviceInfo): HidHandle;
}

/** Monotonic milliseconds (performance.now in production). */
export interface Clock {
  now(): number;
}

export type TimerId = unknown;

export interface Timers {
  setInterval(fn: () => void, ms: number): TimerId;
  clearInterval(id: TimerId): void;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  /**
   * Runs fn once the input already queued has been handled (node's setImmediate). Node runs due
   * timers before the reports that arrived while main was busy, so a timer judging silence must
   * look again after those.
   */
  setImmediate(fn: () => void): void;
}

export type SourceKind = 'hid-pos' | 'hid-keyboard' | 'wedge';

export interface ScanSource {
  kind: SourceKind;
  vendorId: number;
  productId: number;
  path?: string;
}

export interface ScanEvent {
  text: string;
  /** From the AIM identifier or the scanner's own code, when it sent one. */
  symbology?: string;
  aim?: string;
  source: ScanSource;
  /** Clock time when the read was complete. */
  at: number;
  /** From the first report/key of the read to its last: the "how fast" of the test panel. */
  durationMs: number;
}

export type DeviceRole = 'hid-pos' | 'hid-keyboard' | 'other';
export type DeviceStatus = 'open' | 'closed' | 'error' | 'ignored';

export interface DeviceListing extends HidDeviceInfo {
  key: string;
  role: DeviceRole;
  status: DeviceStatus;
  error?: string;
}

export interface DeviceEvent {
  change: 'attached' | 'detached' | 'opened' | 'closed';
  device: DeviceListing;
}

export type ScannerErrorCode =
  | 'hid-unavailable'
  | 'access-denied'
  | 'open-failed'
  | 'read-failed'
  | 'bad-report'
  | 'incomplete-scan'
  | 'read-too-long';

export interface ScannerErrorEvent {
  code: ScannerErrorCode;
  message: string;
  device?: DeviceListing;
}

export interface ScannerEvents {
  scan: ScanEvent;
  device: DeviceEvent;
  error: ScannerErrorEvent;
}
