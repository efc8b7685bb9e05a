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
}

/** Identity helper: keeps each entry's exact schema types so the table stays precisely typed. */
export const channel = <Req extends z.ZodType, Res extends z.ZodType>(
  def: ChannelDef<Req, Res>,
): ChannelDef<Req, Res> => def;
