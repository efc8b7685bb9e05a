import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../shared/ipc/channel.js';
import { fail, ok, type IpcError, type IpcErrorCode, type IpcIssue, type IpcResult } from '../../shared/ipc/result.js';
import { IpcFailure } from './failure.js';
import { UnavailableError } from '../common/unavailable-error.js';
import { findHostileShape } from './hostile-keys.js';
import { redactForLog, safeLabel } from '../common/redact.js';
import { createRefusalLog, type RefusalLogLimits } from './refusal-log.js';
import { jsonBytes } from './size.js';
import type { CallContext, ChannelTable, HandlersFor } from './types.js';
import type { Logger } from '../common/logger.js';

/** Strict: a stray key (e.g. `__proto__`, `constructor`) next to channel/payload is a refusal. */
const envelope = z.strictObject({ channel: z.string().min(1).max(128), payload: z.unknown() });

export interface RouterOptions<T extends ChannelTable> {
  channels: T;
  handlers: HandlersFor<T>;
  log: Logger;
  /** Bound for channels that do not set their own; also the bound before the channel is known. */
  maxMessageBytes?: number;
  /** How many refusals are logged in full per window (default: main/ipc/refusal-log). */
  refusalLog?: RefusalLogLimits;
}

export interface Router {
  /** Validates and dispatches one message. Never throws; every failure is an error result. */
  handle(message: unknown, ctx: CallContext, knownBytes?: number): Promise<IpcResult<unknown>>;
  /** For transports that refuse a message before parsing (wrong frame, origin, secret). */
  refuse(
    code: Extract<IpcErrorCode, 'forbidden' | 'too-large' | 'invalid-message'>,
    reason: string,
    ctx: CallContext,
  ): IpcResult<never>;
}

export function createRouter<T extends ChannelTable>(opts: RouterOptions<T>): Router {
  const { channels, handlers, log } = opts;
  const refusals = createRefusalLog(log, opts.refusalLog);
  const defaultMax = opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  // Largest bound any channel allows: anything bigger is refused before its channel is even read.
  const hardMax = Math.max(defaultMax, ...Object.values(channels).map((c) => c.maxBytes ?? 0));

  function reject(error: IpcError, ctx: CallContext, detail: Record<string, unknown> = {}): IpcResult<never> {
    refusals.warn('ipc message rejected', {
      code: error.code,
      reason: error.message,
      transport: ctx.transport,
      ...detail,
    });
    return fail(error);
  }

  return {
    refuse(code, reason, ctx) {
      return reject({ code, message: reason }, ctx);
    },

    async handle(message, ctx, knownBytes) {
      const bytes = knownBytes ?? jsonBytes(message, hardMax);
      if (bytes === null) return reject({ code: 'invalid-message', message: 'Message is not plain JSON data.' }, ctx);
      if (bytes > hardMax)
        return reject(
          {
            code: 'too-large',
            message: `Message${bytes === Infinity ? '' : ` of ${bytes} bytes`} exceeds the ${hardMax}-byte limit.`,
          },
          ctx,
        );

      const hostile = findHostileShape(message);
      if (hostile) return reject({ code: 'invalid-message', message: `Message refused: ${hostile}.` }, ctx);

      const env = envelope.safeParse(message);
      if (!env.success) {
        return reject(
          { code: 'invalid-message', message: 'Message must be { channel, payload }.', issues: toIssues(env.error) },
          ctx,
          { channel: safeLabel(isRecord(message) ? message['channel'] : undefined) },
        );
      }
      const name = env.data.channel;
      // Own-property check: `__proto__`, `toString`, `constructor` must not resolve to anything.
      if (!Object.prototype.hasOwnProperty.call(channels, name)) {
        return reject({ code: 'unknown-channel', message: `Unknown channel "${safeLabel(name)}".` }, ctx, {
          channel: safeLabel(name),
        });
      }
      const def = channels[name as keyof T]!;
      const max = def.maxBytes ?? defaultMax;
      if (bytes > max) {
        return reject(
          { code: 'too-large', message: `Message of ${bytes} bytes exceeds the ${max}-byte limit of ${name}.` },
          ctx,
          { channel: name },
        );
      }

      const parsed = def.request.safeParse(env.data.payload);
      if (!parsed.success) {
        return reject(
          { code: 'invalid-message', message: `Invalid payload for ${name}.`, issues: toIssues(parsed.error) },
          ctx,
          { channel: name, payload: redactForLog(env.data.payload, def.secretKeys) },
        );
      }

      const handler = handlers[name as keyof T] as (p: unknown, c: CallContext) => unknown;
      let value: unknown;
      try {
        value = await handler(parsed.data, ctx);
      } catch (err) {
        return fail(handlerError(err, name, log));
      }
      // Main's own answers are checked too, so a bug cannot leak an unexpected field (say, a token).
      const checked = def.response.safeParse(value);
      if (!checked.success) {
        log.error('ipc handler returned a result outside the contract', {
          channel: name,
          issues: toIssues(checked.error),
        });
        return fail(internalError(name));
      }
      return ok(checked.data);
    },
  };
}

function handlerError(err: unknown, channel: string, log: Logger): IpcError {
  if (err instanceof ApiError) {
    // ApiError messages are written for users and never contain the token (main/api contract).
    log.warn('ipc service call failed', { channel, kind: err.kind, status: err.status });
    return {
      code: 'service',
      message: err.message,
      kind: err.kind,
      ...(err.status === undefined ? {} : { status: err.status }),
      ...(err.uncertain ? { uncertain: true } : {}),
    };
  }
  if (err instanceof IpcFailure) {
    log.warn('ipc handler failed', { channel, code: err.code, reason: err.message });
    return { code: err.code, message: err.message };
  }
  if (err instanceof UnavailableError) {
    log.warn('ipc handler: service unavailable', { channel, reason: err.message });
    return { code: 'unavailable', message: err.message };
  }
  log.error('ipc handler crashed', {
    channel,
    error: err instanceof Error ? `${err.name}: ${err.message}` : safeLabel(String(err)),
  });
  return internalError(channel);
}

function toIssues(error: z.ZodError): IpcIssue[] {
  return error.issues.slice(0, 20).map((i) => ({
    path: i.path
      .map((p) => safeLabel(String(p)))
      .join('.')
      .slice(0, 200),
    message: i.message.slice(0, 300),
  }));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Where the log is, said with it: the desktop app has no terminal for a user to look in. */
function internalError(channel: string) {
  return {
    code: 'internal' as const,
    message:
      `Internal error in ${channel}; details are in the log ` +
      '(desktop app: Help ▸ Open log folder; browser host: the terminal it was started from).',
  };
}
