import { createScannerService, type ScannerServiceDeps } from '../../../../main/scanner/service.js';
import type { ScannerEvents } from '../../../../main/scanner/types.js';
import { FakeLayer, FakeTime } from './fakes.js';

/** A service on fake hardware and fake time, recording every event it emits. */
export function harness(settings: ScannerServiceDeps['settings'] = {}, platform = 'linux') {
  const layer = new FakeLayer();
  const time = new FakeTime();
  const service = createScannerService({ layer, clock: time, timers: time, platform, settings });
  const events = {
    scan: [] as ScannerEvents['scan'][],
    device: [] as ScannerEvents['device'][],
    error: [] as ScannerEvents['error'][],
  };
  service.on('scan', (e) => events.scan.push(e));
  service.on('device', (e) => events.device.push(e));
  service.on('error', (e) => events.error.push(e));
  return { layer, time, service, events };
}
