import { describe, expect, it } from 'vitest';
import { createNodeHidLayer, type NodeHidModule } from '../../../../main/scanner/node-hid-layer.js';
import { createScannerService } from '../../../../main/scanner/service.js';
import { FakeTime } from './fakes.js';

describe('createNodeHidLayer', () => {
  it('turns a module that fails to load into "HID unavailable", and the service reports it without crashing', () => {
    const layer = createNodeHidLayer({
      load: () => {
        throw new Error('libusb-1.0.so.0: cannot open shared object file');
      },
    });
    expect(() => layer.devices()).toThrow('HID unavailable: libusb-1.0.so.0: cannot open shared object file');
    const time = new FakeTime();
    const service = createScannerService({ layer, clock: time, timers: time, platform: 'linux' });
    const errors: string[] = [];
    service.on('error', (e) => errors.push(`${e.code}: ${e.message}`));
    service.start();
    time.advance(3000);
    expect(errors).toEqual(['hid-unavailable: HID unavailable: libusb-1.0.so.0: cannot open shared object file']);
  });

  it('turns a throwing devices() into "HID unavailable"', () => {
    const mod: NodeHidModule = {
      devices: () => {
        throw new Error('hid_init failed');
      },
      HID: class {
        on() {
          return this;
        }
        close() {}
      },
    };
    expect(() => createNodeHidLayer({ load: () => mod }).devices()).toThrow('HID unavailable: hid_init failed');
  });

  it('sets the driver type before first use and adapts data Buffers to Uint8Array', () => {
    const calls: string[] = [];
    let dataFn: ((b: Buffer) => void) | null = null;
    const mod: NodeHidModule = {
      setDriverType: (t) => calls.push(`driver:${t}`),
      devices: () => [{ vendorId: 1, productId: 2, path: '/dev/hidraw0', usagePage: 0x8c }],
      HID: class {
        constructor(path: string) {
          calls.push(`open:${path}`);
        }
        on(event: string, fn: (b: Buffer) => void) {
          if (event === 'data') dataFn = fn;
          return this;
        }
        close() {
          calls.push('close');
        }
      },
    };
    const layer = createNodeHidLayer({ driver: 'hidraw', load: () => mod });
    const [dev] = layer.devices();
    const handle = layer.open(dev!);
    const got: number[][] = [];
    handle.onData((r) => got.push([...r]));
    dataFn!(Buffer.from([2, 1, 65]));
    handle.close();
    expect(calls).toEqual(['driver:hidraw', 'open:/dev/hidraw0', 'close']);
    expect(got).toEqual([[2, 1, 65]]);
  });

  it('the real node-hid either lists devices or says HID unavailable — never crashes', () => {
    const layer = createNodeHidLayer();
    try {
      expect(Array.isArray(layer.devices())).toBe(true);
    } catch (err) {
      expect((err as Error).message).toMatch(/^HID unavailable: /);
    }
  });
});
