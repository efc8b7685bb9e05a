import type { z } from 'zod';

/** Default bound for one message, serialized. Channels that carry bulk data raise it for themselves. */
export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024;

/** One request channel: the payload the renderer sends and the result main answers with. */
export interface ChannelDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  request: Req;
  response: Res;
  /** Per-channel size bound (bytes of JSON) when the default does not fit, e.g. staged file chunks. */
  maxBytes?: number;
  /** Payload keys whose values must never be logged (matched at any depth), beyond the global list. */
  secretKeys?: readonly string[];
  /**
   * The call changes nothing (a read, or a wait for news): asking it again is always safe. So the page
   * may give up on one main has not answered while it is silent (busy or stuck), and say so, rather
   * than leave a screen waiting for ever. Unmarked channels are writes: they wait for main however long
   * it takes, as main may still commit them (durable before visible).
   */
  readOnly?: true;
  /**
   * How long main holds this call on purpose before answering (outbox.await's own timeout): until then
   * the page is not waiting for main, so it neither pings nor counts main silent for it. Infinity: until
   * a person is done (a native dialog), so never. A method, so a channel's own payload type still widens
   * to the table's ChannelDef.
   */
  holdsMs?(request: z.input<Req>): number;
}

/** Identity helper: keeps each entry's exact schema types so the table stays precisely typed. */
export const channel = <Req extends z.ZodType, Res extends z.ZodType>(
  def: ChannelDef<Req, Res>,
): ChannelDef<Req, Res> => def;
