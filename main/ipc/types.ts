import type { z } from 'zod';
import type { ChannelDef } from '../../shared/ipc/channel.js';

/** Who delivered a message. Transports check the sender before the router sees anything. */
export interface CallContext {
  transport: 'electron' | 'ws' | 'test';
  /** The sender's connection (one per browser socket): what it started ends when it closes. */
  connection?: { id: string; closed: AbortSignal };
}

export type ChannelTable = Record<string, ChannelDef>;

/** A handler gets the parsed payload (never the raw one) and answers the channel's result type. */
export type HandlerFor<D extends ChannelDef> = (
  payload: z.output<D['request']>,
  ctx: CallContext,
) => Promise<z.output<D['response']>> | z.output<D['response']>;

/** One handler per channel of the table: a channel without a handler is a compile error. */
export type HandlersFor<T extends ChannelTable> = { [C in keyof T]: HandlerFor<T[C]> };
