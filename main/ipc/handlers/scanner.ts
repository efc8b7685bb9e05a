import type { scannerChannels } from '../../../shared/ipc/channels/scanner.js';
import type { ScannerService } from '../../scanner/index.js';
import { code128Svg, sheetEntries } from '../../scanner/command-sheet.js';
import type { ScannerBridge } from '../bridges/scanner-bridge.js';
import type { HandlersFor } from '../types.js';
import { nextTurn } from '../../common/next-turn.js';
import { typesKeys } from '../../scanner/device-match.js';

/** How long a command sheet is drawn before main answers what else waits. */
const SLICE_MS = 8;

/** `layoutNames`: the saved plate layouts, each printed as its own command barcode. */
export function scannerHandlers(
  service: ScannerService,
  bridge: ScannerBridge,
  layoutNames: () => Promise<string[]> = async () => [],
): HandlersFor<typeof scannerChannels> {
  return {
    'scanner.devices': ({ refresh }) => {
      if (refresh) service.refresh();
      const devices = service.listDevices().map((d) => ({
        key: d.key,
        vendorId: d.vendorId,
        productId: d.productId,
        ...(d.product ? { product: d.product } : {}),
        ...(d.manufacturer ? { manufacturer: d.manufacturer } : {}),
        role: d.role,
        keyboard: typesKeys(d),
        status: d.status,
        ...(d.error ? { error: d.error } : {}),
      }));
      // The service's own word, as of the listing just made: one failed listing is not said for good.
      const hid = service.hidStatus();
      return {
        available: hid.available,
        message: hid.available ? null : hid.reason,
        devices,
        settings: bridge.settings(),
      };
    },
    'scanner.configure': async ({ settings }) => ({ settings: await bridge.configure(settings) }),
    'scanner.commandSheet': async ({ positions }) => {
      const wanted = sheetEntries({ ...(positions ? { positions } : {}), layouts: await layoutNames() });
      const entries = [];
      // Drawn in slices with main free between them: the largest box's sheet (1,543 barcodes) took about
      // 3 s at once, with every scan's enqueue and ping waiting behind it.
      let since = performance.now();
      for (const e of wanted) {
        entries.push({ ...e, svg: code128Svg(e.payload) });
        if (performance.now() - since < SLICE_MS) continue;
        await nextTurn();
        since = performance.now();
      }
      return { entries };
    },
    'scanner.takeReads': (_payload, ctx) => ({ taken: ctx.connection ? bridge.takeReads(ctx.connection.id) : false }),
    'scanner.test': ({ text, to }, ctx) => ({
      delivered: bridge.testRead(text, to === 'reader' ? undefined : ctx.connection?.id),
    }),
  };
}
