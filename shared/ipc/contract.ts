import type { z } from 'zod';
import { appChannels } from './channels/app.js';
import { dataChannels } from './channels/data.js';
import { filesChannels } from './channels/files.js';
import { cacheChannels, cacheEvents } from './channels/cache.js';
import { labChannels } from './channels/lab.js';
import { labelsChannels } from './channels/labels.js';
import { plateRecordChannels } from './channels/plate-record.js';
import { layoutsChannels } from './channels/layouts.js';
import { outboxChannels, outboxEvents } from './channels/outbox.js';
import { scannerChannels, scannerEvents } from './channels/scanner.js';
import { uploadChannels, uploadEvents } from './channels/upload.js';
import { settingsChannels } from './channels/settings.js';
import { tokenChannels } from './channels/token.js';
import { settings } from './settings.js';
import { appStatus } from './status.js';

/**
 * THE contract: every request channel the renderer may invoke. Main refuses anything not listed
 * here. To add a channel, add an entry (in a channels/*.ts group) and a handler in main; the
 * handler table is type-checked against this one, so a missing handler does not compile.
 */
export const CHANNELS = {
  ...appChannels,
  ...settingsChannels,
  ...tokenChannels,
  ...labChannels,
  ...outboxChannels,
  ...cacheChannels,
  ...scannerChannels,
  ...uploadChannels,
  ...dataChannels,
  ...filesChannels,
  ...labelsChannels,
  ...plateRecordChannels,
  ...layoutsChannels,
};

/** Every event main may push to the renderer, with its payload schema. */
export const EVENTS = {
  'app.status': appStatus,
  'settings.changed': settings,
  ...outboxEvents,
  ...scannerEvents,
  ...cacheEvents,
  ...uploadEvents,
};

export type Channels = typeof CHANNELS;
export type ChannelName = keyof Channels & string;
/** What the renderer sends. */
export type ChannelRequest<C extends ChannelName> = z.input<Channels[C]['request']>;
/** What a handler receives, after parsing (defaults applied, strings trimmed). */
export type ChannelPayload<C extends ChannelName> = z.output<Channels[C]['request']>;
export type ChannelResponse<C extends ChannelName> = z.output<Channels[C]['response']>;

export type Events = typeof EVENTS;
export type EventName = keyof Events & string;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const CHANNEL_NAMES = Object.keys(CHANNELS) as ChannelName[];
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

/** Own-property lookup: names like `__proto__` or `toString` must never resolve to something. */
export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CHANNELS, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(EVENTS, name);
}
