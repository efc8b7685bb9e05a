import type { Clock, DeviceLayer, HidDeviceInfo, HidHandle, TimerId, Timers } from '../../../../main/scanner/types.js';

/**
 * Manual clock + timers: tests advance time explicitly, nothing depends on wall-clock speed.
 * Immediates run as node runs them: after the timers due, and after the input queued meanwhile
 * (see `stall`).
 */
export class FakeTime implements Clock, Timers {
  private t = 1000;
  private nextId = 1;
  private tasks = new Map<number, { at: number; fn: () => void; every?: number }>();
  private immediates: Array<() => void> = [];

  now(): number {
    return this.t;
  }
  setInterval(fn: () => void, ms: number): TimerId {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.t + ms, fn, every: ms });
    return id;
  }
  clearInterval(id: TimerId): void {
    this.tasks.delete(id as number);
  }
  setTimeout(fn: () => void, ms: number): TimerId {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(id: TimerId): void {
    this.tasks.delete(id as number);
  }
  setImmediate(fn: () => void): void {
    this.immediates.push(fn);
  }
  get pending(): number {
    return this.tasks.size + this.immediates.length;
  }
  /** Runs due tasks in time order, including ones scheduled while advancing; each task's immediates follow it. */
  advance(ms: number): void {
    const end = this.t + ms;
    while (this.runNextTask(end)) this.runImmediates();
    this.t = end;
  }
  /**
   * Main busy for `ms` while input arrived (`arrivedMeanwhile` delivers it): as in node's event
   * loop, the timers that fell due run first, then the queued input, then the immediates.
   */
  stall(ms: number, arrivedMeanwhile: () => void): void {
    const end = this.t + ms;
    this.t = end; // the timers run late, when main is free again
    while (this.runNextTask(end, true));
    arrivedMeanwhile();
    this.runImmediates();
  }
  private runNextTask(end: number, late = false): boolean {
    let next: [number, { at: number; fn: () => void; every?: number }] | null = null;
    for (const e of this.tasks) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
    if (!next) return false;
    const [id, task] = next;
    if (!late) this.t = task.at;
    if (task.every !== undefined) task.at += task.every;
    else this.tasks.delete(id);
    task.fn();
    return true;
  }
  private runImmediates(): void {
    while (this.immediates.length > 0) this.immediates.shift()!();
  }
}

export class FakeHandle implements HidHandle {
  private dataFns: Array<(r: Uint8Array) => void> = [];
  private errorFns: Array<(e: Error) => void> = [];
  closed = false;
  constructor(readonly device: HidDeviceInfo) {}
  onData(fn: (r: Uint8Array) => void): void {
    this.dataFns.push(fn);
  }
  onError(fn: (e: Error) => void): void {
    this.errorFns.push(fn);
  }
  close(): void {
    this.closed = true;
  }
  send(report: Uint8Array | number[]): void {
    const r = report instanceof Uint8Array ? report : Uint8Array.from(report);
    if (this.closed) throw new Error('test bug: sending to a closed handle');
    for (const fn of this.dataFns) fn(r);
  }
  fail(err: Error): void {
    for (const fn of this.errorFns) fn(err);
  }
}

/** A device layer whose device list and open failures the test controls. */
export class FakeLayer implements DeviceLayer {
  list: HidDeviceInfo[] = [];
  handles: FakeHandle[] = [];
  openErrors = new Map<string, Error>();
  devicesError: Error | null = null;
  opens = 0;

  devices(): HidDeviceInfo[] {
    if (this.devicesError) throw this.devicesError;
    return this.list.map((d) => ({ ...d }));
  }
  open(device: HidDeviceInfo): HidHandle {
    this.opens++;
    const err = this.openErrors.get(device.path ?? '');
    if (err) throw err;
    const h = new FakeHandle(device);
    this.handles.push(h);
    return h;
  }
  /** The newest open handle for a path. */
  handle(path: string): FakeHandle {
    const h = [...this.handles].reverse().find((x) => x.device.path === path && !x.closed);
    if (!h) throw new Error(`no open handle for ${path}`);
    return h;
  }
}

export const POS_SCANNER: HidDeviceInfo = {
  vendorId: 0x0c2e,
  productId: 0x0b87,
  path: '/dev/hidraw3',
  usagePage: 0x8c,
  usage: 0x02,
  product: 'Xenon 1950g',
  manufacturer: 'Honeywell',
};

export const KEYBOARD_SCANNER: HidDeviceInfo = {
  vendorId: 0x05e0,
  productId: 0x1200,
  path: '/dev/hidraw5',
  usagePage: 0x01,
  usage: 0x06,
  product: 'Symbol Bar Code Scanner',
};

export const KEYBOARD_SCANNER_VENDOR_IF: HidDeviceInfo = {
  ...KEYBOARD_SCANNER,
  path: '/dev/hidraw6',
  usagePage: 0xff00,
  usage: 0x01,
};

export const PLAIN_KEYBOARD: HidDeviceInfo = {
  vendorId: 0x046d,
  productId: 0xc31c,
  path: '/dev/hidraw1',
  usagePage: 0x01,
  usage: 0x06,
};
