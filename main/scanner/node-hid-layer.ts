import { createRequire } from 'node:module';
import type { DeviceLayer, HidDeviceInfo, HidHandle } from './types.js';

/** The part of node-hid we use; declared here so a load failure never breaks type-checking or startup. */
interface NodeHidDevice {
  on(event: 'data', fn: (data: Buffer) => void): unknown;
  on(event: 'error', fn: (err: unknown) => void): unknown;
  close(): void;
}
export interface NodeHidModule {
  devices(): HidDeviceInfo[];
  HID: new (path: string) => NodeHidDevice;
  setDriverType?(type: 'hidraw' | 'libusb'): void;
}

export interface NodeHidLayerOptions {
  /** Linux only: hidraw sees usage pages (needed to recognise HID POS scanners); libusb does not. */
  driver?: 'hidraw' | 'libusb';
  /** Replaces the module loader in tests. */
  load?: () => NodeHidModule;
}

function defaultLoad(): NodeHidModule {
  // Loaded on first use, not at import: a missing libusb or an ABI mismatch must cost the
  // scanner feature, not the app.
  const require = createRequire(import.meta.url);
  return require('node-hid') as NodeHidModule;
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** Adapts the real node-hid to the injected DeviceLayer; every failure becomes "HID unavailable: <reason>". */
export function createNodeHidLayer(options: NodeHidLayerOptions = {}): DeviceLayer {
  let mod: NodeHidModule | null = null;
  let loadError: string | null = null;

  function hid(): NodeHidModule {
    if (mod) return mod;
    if (loadError) throw new Error(loadError);
    try {
      const loaded = (options.load ?? defaultLoad)();
      if (options.driver && loaded.setDriverType) loaded.setDriverType(options.driver);
      mod = loaded;
      return loaded;
    } catch (err) {
      loadError = `HID unavailable: ${asError(err).message}`;
      throw new Error(loadError);
    }
  }

  return {
    devices() {
      const m = hid();
      try {
        return m.devices().map((d) => ({ ...d }));
      } catch (err) {
        // e.g. "libusb-1.0.so.0: cannot open shared object file" surfaces here, not at load time.
        throw new Error(`HID unavailable: ${asError(err).message}`);
      }
    },
    open(device): HidHandle {
      if (!device.path) throw new Error('device has no path to open');
      const dev = new (hid().HID)(device.path);
      return {
        onData(fn) {
          dev.on('data', (data: Buffer) => fn(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
        },
        onError(fn) {
          dev.on('error', (err: unknown) => fn(asError(err)));
        },
        close() {
          dev.close();
        },
      };
    },
  };
}
