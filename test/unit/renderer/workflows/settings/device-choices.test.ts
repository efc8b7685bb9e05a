import { afterEach, describe, expect, it } from 'vitest';
import {
  choiceFor,
  choiceOutcome,
  choicePatch,
  deviceName,
  hidReadSaid,
  layoutPatch,
  type DeviceChoice,
} from '../../../../../renderer/workflows/settings/device-choices.js';
import { saveScannerSettings } from '../../../../../renderer/lib/scan-input/scanner-save.js';
import type { ScannerDevice } from '../../../../../shared/ipc/channels/scanner.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';
import {
  FakeLayer,
  KEYBOARD_SCANNER,
  KEYBOARD_SCANNER_VENDOR_IF,
  PLAIN_KEYBOARD,
  POS_SCANNER,
} from '../../../main/scanner/fakes.js';
import { keyboardReports } from '../../../main/scanner/reports.js';

/**
 * Settings → Scanners: each HID device's choice (read a keyboard-mode scanner as a scanner, stop, a
 * keyboard layout, ignore a HID POS one, read it again), made as the card makes it, on the real main
 * in-process: its router, scanner bridge (scanner.json) and scanner service. Only the USB devices are
 * faked.
 */
const opened: InProcess[] = [];
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close();
});

const MOUSE = {
  vendorId: 0x046d,
  productId: 0xc077,
  path: '/dev/hidraw2',
  usagePage: 0x01,
  usage: 0x02,
  product: 'Mouse',
};

async function card() {
  const layer = new FakeLayer();
  layer.list = [POS_SCANNER, KEYBOARD_SCANNER, KEYBOARD_SCANNER_VENDOR_IF, PLAIN_KEYBOARD, MOUSE];
  const main = await inProcessApi({ hidLayer: layer });
  opened.push(main);
  const reads: string[] = [];
  main.api.subscribe('scanner.scan', (s) => reads.push(s.text));
  const list = () => main.call('scanner.devices', { refresh: true });
  const device = async (path: string) => (await list()).devices.find((d) => d.key === path)!;
  /** The card's press: the settings change saved through main, then the device as main lists it after. */
  const choose = async (choice: DeviceChoice, d: ScannerDevice) => {
    const { settings } = await list();
    const saved = await saveScannerSettings(main.api, settings, choicePatch(choice, d, settings));
    expect(saved.notSaved).toBeNull();
    return choiceOutcome(choice, await device(d.key), deviceName(d));
  };
  const type = (text: string, layout: 'us' | 'de') =>
    keyboardReports(text, layout, 'press-release').forEach((r) => layer.handle(KEYBOARD_SCANNER.path!).send(r));
  return { main, layer, list, device, choose, type, reads };
}

describe('Settings → Scanners: what each HID device offers, and what choosing it does', () => {
  it('offers a claim for keyboards only: never for a mouse or a scanner’s vendor interface', async () => {
    const c = await card();
    const offered = Object.fromEntries((await c.list()).devices.map((d) => [d.key, choiceFor(d)]));
    expect(offered).toEqual({
      [POS_SCANNER.path!]: 'ignore',
      [KEYBOARD_SCANNER.path!]: 'claim',
      [KEYBOARD_SCANNER_VENDOR_IF.path!]: null,
      [PLAIN_KEYBOARD.path!]: 'claim',
      [MOUSE.path]: null,
    });
  });

  it('a keyboard-mode scanner read as a scanner: its reads come from main, in the layout chosen, until it is let go', async () => {
    const c = await card();
    const said = await c.choose('claim', await c.device(KEYBOARD_SCANNER.path!));
    expect(said).toBe(
      'Symbol Bar Code Scanner (05e0:1200) is read as a scanner now: scan a code with it, and the read shows here',
    );
    const claimed = await c.device(KEYBOARD_SCANNER.path!);
    expect(claimed).toMatchObject({ role: 'hid-keyboard', status: 'open' });
    expect(choiceFor(claimed)).toBe('release');
    // Its vendor interface is not read as keys; the other keyboard is left alone.
    expect(await c.device(KEYBOARD_SCANNER_VENDOR_IF.path!)).toMatchObject({ role: 'other', status: 'closed' });
    expect(await c.device(PLAIN_KEYBOARD.path!)).toMatchObject({ role: 'other', status: 'closed' });

    // Programmed for a German keyboard: read with the US layout, Z and Y swap.
    c.type('TBZY01', 'de');
    await expect.poll(() => c.reads).toEqual(['TBYZ01']);
    const { settings } = await c.list();
    await saveScannerSettings(c.main.api, settings, layoutPatch(claimed, settings, 'de'));
    expect((await c.list()).settings.keyboardScanners).toEqual([
      expect.objectContaining({ vendorId: 0x05e0, productId: 0x1200, layout: 'de', label: 'Symbol Bar Code Scanner' }),
    ]);
    c.type('TBZY02', 'de');
    await expect.poll(() => c.reads).toEqual(['TBYZ01', 'TBZY02']);

    expect(await c.choose('release', claimed)).toBe(
      "Symbol Bar Code Scanner (05e0:1200) is no longer read as a scanner; its keys type as a keyboard's do",
    );
    expect(await c.device(KEYBOARD_SCANNER.path!)).toMatchObject({ role: 'other', status: 'closed' });
    expect((await c.list()).settings.keyboardScanners).toEqual([]);
  });

  it('a HID POS scanner ignored is closed and listed as ignored; read again, it opens', async () => {
    const c = await card();
    const pos = await c.device(POS_SCANNER.path!);
    expect(pos).toMatchObject({ role: 'hid-pos', status: 'open' });
    expect(await c.choose('ignore', pos)).toBe('Xenon 1950g (0c2e:0b87) is not read any more');
    const ignored = await c.device(POS_SCANNER.path!);
    expect(ignored.status).toBe('ignored');
    expect(choiceFor(ignored)).toBe('use-again');
    expect(await c.choose('use-again', ignored)).toBe('Xenon 1950g (0c2e:0b87) is read again');
    expect(await c.device(POS_SCANNER.path!)).toMatchObject({ role: 'hid-pos', status: 'open' });
  });

  it('a claim the system refuses says main’s reason', async () => {
    const c = await card();
    c.layer.openErrors.set(KEYBOARD_SCANNER.path!, new Error('could not open device'));
    const said = await c.choose('claim', await c.device(KEYBOARD_SCANNER.path!));
    expect(said).toMatch(/^Symbol Bar Code Scanner \(05e0:1200\) could not be read: .+/);
  });
});

describe("a USB scanner's last read, as the card shows it", () => {
  const scan = (text: string, aim?: string) => ({
    text,
    ...(aim ? { aim } : {}),
    source: { kind: 'hid-pos' as const, vendorId: 0x0c2e, productId: 0x0200 },
    durationMs: 5,
    mainAt: 1,
  });
  const none = { prefix: '', suffix: '' };

  it('says what is wrong with it, as the screens would take it: a prefix already set is no cause', () => {
    expect(hidReadSaid(scan('jTB000011', ']C0'), [], none)?.said).toBe(
      'Last read: jTB000011 from Device (0c2e:0200). This is tube barcode TB000011 with "j" in front: ' +
        "turn the scanner's prefix (or Code ID) off, or enter it in Settings → Scanners, and scan again",
    );
    expect(hidReadSaid(scan('jTB000011', ']C0'), [], { prefix: 'j', suffix: '' })?.said).toBe(
      'Last read: jTB000011 from Device (0c2e:0200)',
    );
  });
});
