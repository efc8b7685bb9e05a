import { describe, expect, it } from 'vitest';
import { KEYBOARD_SCANNER, KEYBOARD_SCANNER_VENDOR_IF, PLAIN_KEYBOARD, POS_SCANNER } from './fakes.js';
import { harness } from './harness.js';
import { keyboardReports, posReports } from './reports.js';

const KB_SETTINGS = {
  keyboardScanners: [{ vendorId: KEYBOARD_SCANNER.vendorId, productId: KEYBOARD_SCANNER.productId }],
};

describe('scanner service: scans', () => {
  it('opens a HID POS scanner and emits scan events with source, symbology and clock time', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    expect(h.events.device.map((e) => e.change)).toEqual(['attached', 'opened']);
    h.time.advance(5);
    for (const r of posReports('PLT0001', ']C0')) h.layer.handle(POS_SCANNER.path!).send(r);
    expect(h.events.scan).toEqual([
      {
        text: 'PLT0001',
        aim: ']C0',
        symbology: 'code128',
        source: { kind: 'hid-pos', vendorId: 0x0c2e, productId: 0x0b87, path: '/dev/hidraw3' },
        at: 1005,
        durationMs: 0,
      },
    ]);
    expect(h.service.listDevices()).toMatchObject([{ role: 'hid-pos', status: 'open', key: '/dev/hidraw3' }]);
  });

  it('claims only the configured keyboard scanner, and only its keyboard interface', () => {
    const h = harness(KB_SETTINGS);
    h.layer.list = [KEYBOARD_SCANNER, KEYBOARD_SCANNER_VENDOR_IF, PLAIN_KEYBOARD];
    h.service.start();
    expect(h.layer.handles.map((x) => x.device.path)).toEqual(['/dev/hidraw5']);
    const roles = Object.fromEntries(h.service.listDevices().map((d) => [d.path, `${d.role}/${d.status}`]));
    expect(roles).toEqual({
      '/dev/hidraw5': 'hid-keyboard/open',
      '/dev/hidraw6': 'other/closed',
      '/dev/hidraw1': 'other/closed',
    });
    for (const r of keyboardReports('TB0042', 'us', 'rollover')) h.layer.handle('/dev/hidraw5').send(r);
    expect(h.events.scan).toMatchObject([{ text: 'TB0042', source: { kind: 'hid-keyboard' } }]);
  });

  it('ends a keyboard read without terminator on its idle timer', () => {
    const h = harness({ keyboardScanners: [{ ...KB_SETTINGS.keyboardScanners[0]!, idleMs: 50 }] });
    h.layer.list = [KEYBOARD_SCANNER];
    h.service.start();
    for (const r of keyboardReports('BOX7', 'us', 'press-release', null)) h.layer.handle('/dev/hidraw5').send(r);
    expect(h.events.scan).toEqual([]);
    h.time.advance(49);
    expect(h.events.scan).toEqual([]);
    h.time.advance(1);
    expect(h.events.scan).toMatchObject([{ text: 'BOX7' }]);
  });

  it('reports an incomplete multi-report read after the continuation timeout', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.layer.handle(POS_SCANNER.path!).send(posReports('Q'.repeat(70))[0]!);
    h.time.advance(499);
    expect(h.events.error).toEqual([]);
    h.time.advance(1);
    expect(h.events.error).toMatchObject([{ code: 'incomplete-scan' }]);
  });

  it('ignores devices on the ignore list and leaves them closed', () => {
    const h = harness({ ignore: [{ vendorId: POS_SCANNER.vendorId, productId: POS_SCANNER.productId }] });
    h.layer.list = [POS_SCANNER];
    h.service.start();
    expect(h.layer.opens).toBe(0);
    expect(h.service.listDevices()).toMatchObject([{ status: 'ignored' }]);
  });

  it('a throwing listener does not stop other listeners or later scans', () => {
    const h = harness();
    h.service.on('scan', () => {
      throw new Error('listener bug');
    });
    h.layer.list = [POS_SCANNER];
    h.service.start();
    for (const t of ['A1', 'B2']) for (const r of posReports(t)) h.layer.handle(POS_SCANNER.path!).send(r);
    expect(h.events.scan.map((s) => s.text)).toEqual(['A1', 'B2']);
  });
});

describe('scanner service: a device listed once per collection', () => {
  // hidapi lists one entry per top-level collection, all with the device's one path, in any order.
  const VENDOR_COLLECTION = { ...POS_SCANNER, usagePage: 0xff45, usage: 0x01 };
  const CONSUMER_COLLECTION = { ...POS_SCANNER, usagePage: 0x0c, usage: 0x01 };

  it('opens a HID POS scanner whose vendor and consumer-control collections are listed first', () => {
    const h = harness();
    h.layer.list = [VENDOR_COLLECTION, CONSUMER_COLLECTION, POS_SCANNER];
    h.service.start();
    expect(h.layer.handles).toHaveLength(1);
    expect(h.service.listDevices()).toMatchObject([{ key: POS_SCANNER.path, role: 'hid-pos', status: 'open' }]);
    posReports('PLT0002').forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));
    expect(h.events.scan.map((s) => s.text)).toEqual(['PLT0002']);
    h.time.advance(3000); // later polls list the same collections: nothing closes or reopens
    expect(h.layer.opens).toBe(1);
    expect(h.events.device.map((e) => e.change)).toEqual(['attached', 'opened']);
  });

  it('opens a configured keyboard scanner whose keyboard collection is not listed first', () => {
    const h = harness(KB_SETTINGS);
    h.layer.list = [{ ...KEYBOARD_SCANNER, usagePage: 0x0c, usage: 0x01 }, KEYBOARD_SCANNER];
    h.service.start();
    expect(h.service.listDevices()).toMatchObject([{ role: 'hid-keyboard', status: 'open', usagePage: 0x01 }]);
    keyboardReports('TB77', 'us', 'press-release').forEach((r) => h.layer.handle('/dev/hidraw5').send(r));
    expect(h.events.scan.map((s) => s.text)).toEqual(['TB77']);
  });
});

describe('scanner service: double reads', () => {
  function setup(settings = {}) {
    const h = harness(settings);
    h.layer.list = [POS_SCANNER];
    h.service.start();
    const scan = (t: string) => posReports(t).forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));
    return { h, scan };
  }

  it('delivers every read, a quick repeat too: double reads are for the scan hub to judge, across every path', () => {
    const { h, scan } = setup();
    scan('TB1');
    h.time.advance(120);
    scan('TB1');
    expect(h.events.scan.map((e) => e.text)).toEqual(['TB1', 'TB1']);
    expect(h.events.error).toEqual([]);
  });
});

describe('scanner service: hot-plug', () => {
  it('attaches a scanner plugged in later, detaches it, and reconnects without restart', () => {
    const h = harness({ pollIntervalMs: 1000 });
    h.service.start();
    expect(h.events.device).toEqual([]);
    h.layer.list = [POS_SCANNER];
    h.time.advance(1000);
    expect(h.events.device.map((e) => e.change)).toEqual(['attached', 'opened']);
    posReports('PLT1').forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));

    const first = h.layer.handle(POS_SCANNER.path!);
    h.layer.list = [];
    h.time.advance(1000);
    expect(first.closed).toBe(true);
    expect(h.events.device.map((e) => e.change)).toEqual(['attached', 'opened', 'closed', 'detached']);
    expect(h.service.listDevices()).toEqual([]);

    h.layer.list = [POS_SCANNER];
    h.time.advance(1000);
    posReports('PLT2').forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));
    expect(h.events.scan.map((s) => s.text)).toEqual(['PLT1', 'PLT2']);
    expect(h.events.device.map((e) => e.change).slice(-2)).toEqual(['attached', 'opened']);
  });

  it('reopens a device whose read failed (USB reset) on the next poll', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.layer.handle(POS_SCANNER.path!).fail(new Error('could not read from HID device'));
    expect(h.events.error).toMatchObject([{ code: 'read-failed', message: expect.stringContaining('reconnect') }]);
    expect(h.service.listDevices()[0]!.status).toBe('error');
    h.time.advance(1000);
    expect(h.service.listDevices()[0]!.status).toBe('open');
    posReports('TB5').forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));
    expect(h.events.scan.map((s) => s.text)).toEqual(['TB5']);
  });

  it('a half-received read is dropped, not merged, when the device disappears mid-read', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.layer.handle(POS_SCANNER.path!).send(posReports('Z'.repeat(80))[0]!);
    h.layer.list = [];
    h.time.advance(1000);
    h.layer.list = [POS_SCANNER];
    h.time.advance(1000);
    posReports('TB6').forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));
    expect(h.events.scan.map((s) => s.text)).toEqual(['TB6']);
  });

  it('says so when a keyboard scanner fails mid-read, instead of dropping the keys typed so far', () => {
    const h = harness(KB_SETTINGS);
    h.layer.list = [KEYBOARD_SCANNER];
    h.service.start();
    const device = h.layer.handle('/dev/hidraw5');
    keyboardReports('TUBE-0001', 'us', 'press-release', null).forEach((r) => device.send(r));
    device.fail(new Error('could not read from HID device'));
    expect(h.events.error.map((e) => e.code)).toEqual(['incomplete-scan', 'read-failed']);
    expect(h.events.error[0]!.message).toBe(
      'Incomplete scan "TUBE-0001" dropped: reading from the scanner failed mid-read. Scan it again.',
    );
    h.time.advance(5000);
    expect(h.events.scan).toEqual([]);
  });

  it('says so when a HID POS scanner fails or is unplugged mid-read', () => {
    const h = harness({ continuationTimeoutMs: 5000 }); // the next poll finds it gone first
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.layer.handle(POS_SCANNER.path!).send(posReports('Z'.repeat(80))[0]!);
    h.layer.handle(POS_SCANNER.path!).fail(new Error('could not read from HID device'));
    expect(h.events.error.map((e) => e.code)).toEqual(['incomplete-scan', 'read-failed']);

    h.time.advance(1000); // reopened
    h.layer.handle(POS_SCANNER.path!).send(posReports('Y'.repeat(80))[0]!);
    h.layer.list = [];
    h.time.advance(1000);
    expect(h.events.error.slice(2)).toMatchObject([
      { code: 'incomplete-scan', message: expect.stringContaining('dropped: the scanner was unplugged') },
    ]);
    expect(h.events.scan).toEqual([]);
  });

  it('a device closed with nothing under way reports no read', () => {
    const h = harness(KB_SETTINGS);
    h.layer.list = [KEYBOARD_SCANNER];
    h.service.start();
    keyboardReports('TB1', 'us', 'press-release').forEach((r) => h.layer.handle('/dev/hidraw5').send(r));
    h.layer.handle('/dev/hidraw5').fail(new Error('could not read from HID device'));
    expect(h.events.error.map((e) => e.code)).toEqual(['read-failed']);
  });

  it('stop closes every device and the poll; start again resumes', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.service.stop();
    expect(h.layer.handles.every((x) => x.closed)).toBe(true);
    expect(h.time.pending).toBe(0);
    h.service.start();
    posReports('TB7').forEach((r) => h.layer.handle(POS_SCANNER.path!).send(r));
    expect(h.events.scan.map((s) => s.text)).toEqual(['TB7']);
  });

  it('configure with a new keyboard layout reopens the scanner with it', () => {
    const h = harness(KB_SETTINGS);
    h.layer.list = [KEYBOARD_SCANNER];
    h.service.start();
    h.service.configure({ keyboardScanners: [{ ...KB_SETTINGS.keyboardScanners[0]!, layout: 'de' }] });
    keyboardReports('Zöllner', 'de', 'press-release').forEach((r) => h.layer.handle('/dev/hidraw5').send(r));
    expect(h.events.scan.map((s) => s.text)).toEqual(['Zöllner']);
    expect(h.layer.handles.filter((x) => x.closed)).toHaveLength(1);
  });

  it('a scanner-settings change mid-read neither cuts the HID POS read nor records its tail as a scan', () => {
    const h = harness(KB_SETTINGS);
    h.layer.list = [POS_SCANNER, KEYBOARD_SCANNER];
    h.service.start();
    const long = 'LOT-'.padEnd(90, '7');
    const [head, tail] = posReports(long, ']C0');
    h.layer.handle(POS_SCANNER.path!).send(head!);
    // Another scanner claimed, and a longer continuation wait, while the long barcode is half read.
    h.service.configure({
      keyboardScanners: [...KB_SETTINGS.keyboardScanners, { vendorId: 1, productId: 2 }],
      continuationTimeoutMs: 900,
    });
    h.time.advance(600);
    h.layer.handle(POS_SCANNER.path!).send(tail!);
    expect(h.events.scan.map((s) => s.text)).toEqual([long]);
    expect(h.events.error).toEqual([]);
    // Neither scanner was reopened: their own settings did not change.
    expect(h.layer.handles.filter((x) => x.closed)).toHaveLength(0);
  });

  it('a new continuation wait applies to a HID POS read without reopening the scanner', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.service.configure({ continuationTimeoutMs: 200 });
    const [head] = posReports('LOT-'.padEnd(90, '7'), ']C0');
    h.layer.handle(POS_SCANNER.path!).send(head!);
    h.time.advance(250);
    expect(h.events.error.map((e) => e.code)).toEqual(['incomplete-scan']);
    expect(h.layer.handles.filter((x) => x.closed)).toHaveLength(0);
  });
});

describe('scanner service: access problems', () => {
  it('explains Linux hidraw EACCES with the udev rule, once, and opens after the fix', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.layer.openErrors.set(
      POS_SCANNER.path!,
      Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }),
    );
    h.service.start();
    h.time.advance(3000);
    expect(h.events.error).toHaveLength(1);
    const e = h.events.error[0]!;
    expect(e.code).toBe('access-denied');
    expect(e.message).toContain('SUBSYSTEM=="hidraw", ATTRS{idVendor}=="0c2e", MODE="0660", TAG+="uaccess"');
    expect(e.message).toContain('udevadm');
    expect(h.service.listDevices()[0]).toMatchObject({ status: 'error', error: e.message });
    h.layer.openErrors.clear();
    h.time.advance(1000);
    expect(h.service.listDevices()[0]!.status).toBe('open');
  });

  it("treats hidapi's plain 'cannot open device' on Linux as a permission problem", () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.layer.openErrors.set(POS_SCANNER.path!, new Error('cannot open device with path /dev/hidraw3'));
    h.service.start();
    expect(h.events.error[0]).toMatchObject({ code: 'access-denied', message: expect.stringContaining('udev') });
  });

  it('tells Windows users a keyboard cannot be claimed and what to do instead', () => {
    const h = harness(KB_SETTINGS, 'win32');
    h.layer.list = [KEYBOARD_SCANNER];
    h.layer.openErrors.set(KEYBOARD_SCANNER.path!, new Error('cannot open device with path \\\\?\\hid#vid_05e0'));
    h.service.start();
    expect(h.events.error[0]).toMatchObject({
      code: 'access-denied',
      message: expect.stringContaining('HID POS mode'),
    });
  });

  it('reports other open failures as open-failed', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.layer.openErrors.set(POS_SCANNER.path!, new Error('device busy: resource temporarily unavailable'));
    h.service.start();
    expect(h.events.error[0]).toMatchObject({ code: 'open-failed' });
  });

  it('reports HID unavailable once when devices() throws, keeps polling, and recovers', () => {
    const h = harness();
    h.layer.devicesError = new Error('libusb-1.0.so.0: cannot open shared object file: No such file or directory');
    h.service.start();
    h.time.advance(5000);
    expect(h.events.error).toEqual([
      {
        code: 'hid-unavailable',
        message: 'HID unavailable: libusb-1.0.so.0: cannot open shared object file: No such file or directory',
      },
    ]);
    expect(h.service.hidStatus()).toEqual({ available: false, reason: expect.stringContaining('libusb') });
    h.layer.devicesError = null;
    h.layer.list = [POS_SCANNER];
    h.time.advance(1000);
    expect(h.service.listDevices()[0]!.status).toBe('open');
    expect(h.service.hidStatus()).toEqual({ available: true });
  });
});

describe('scanner service: settings', () => {
  it('enabled: false closes every scanner; true reopens them', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.service.configure({ enabled: false });
    expect(h.service.listDevices()[0]!.status).toBe('closed');
    expect(h.layer.handles.every((x) => x.closed)).toBe(true);
    h.service.configure({ enabled: true });
    expect(h.service.listDevices()[0]!.status).toBe('open');
  });

  it('adding a device to the ignore list closes it, removing it reopens it', () => {
    const h = harness();
    h.layer.list = [POS_SCANNER];
    h.service.start();
    h.service.configure({ ignore: [{ vendorId: POS_SCANNER.vendorId, productId: POS_SCANNER.productId }] });
    expect(h.service.listDevices()[0]).toMatchObject({ status: 'ignored', role: 'other' });
    h.service.configure({});
    expect(h.service.listDevices()[0]).toMatchObject({ status: 'open', role: 'hid-pos' });
  });

  it('refuses invalid settings with a zod error and keeps the old ones', () => {
    const h = harness();
    expect(() => h.service.configure({ pollIntervalMs: 5 })).toThrow();
    expect(h.service.settings.pollIntervalMs).toBe(1000);
  });

  it('a new poll interval takes effect', () => {
    const h = harness();
    h.service.start();
    h.service.configure({ pollIntervalMs: 200 });
    h.layer.list = [POS_SCANNER];
    h.time.advance(200);
    expect(h.service.listDevices()).toHaveLength(1);
  });
});
