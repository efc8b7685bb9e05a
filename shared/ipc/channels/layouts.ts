import { z } from 'zod';
import { channel } from '../channel.js';
import { layoutName, layoutSize, plateLayout } from '../../layout/plate-layout.js';

const list = z.strictObject({ layouts: z.array(plateLayout), notice: z.string().optional() });

export const layoutsChannels = {
  'layouts.list': channel({ request: z.strictObject({}), response: list, readOnly: true }),
  /** Saves a layout, replacing the one of the same name (ignoring case). */
  'layouts.save': channel({ request: z.strictObject({ layout: plateLayout }), response: list }),
  'layouts.delete': channel({ request: z.strictObject({ name: layoutName }), response: list }),
  /** Reads `position,label,tags` CSV into a layout and saves it; every problem comes back with its line. */
  'layouts.importCsv': channel({
    request: z.strictObject({ name: layoutName, size: layoutSize, csv: z.string().max(200_000) }),
    response: list,
  }),
  'layouts.exportCsv': channel({
    request: z.strictObject({ name: layoutName }),
    response: z.strictObject({ fileName: z.string(), csv: z.string() }),
    readOnly: true,
  }),
};
