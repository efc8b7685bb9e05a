import type { z } from 'zod';
import type { ServiceConnection } from '../../shared/api/connection.js';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointName,
  type RequestOf,
  type ResponseOf,
} from '../../shared/api/endpoints.js';
import { ROW_PAGE_SIZE_DEFAULT, rowPaginationViolation } from '../../shared/api/labsheets.js';
import { singleSequenceResponse, type FoundSequence, type Sequence } from '../../shared/api/sequences.js';
import { EVENT_TYPE_HEADER, type WebhookPayload } from '../../shared/api/webhook.js';
import { BadRequestError, NotFoundError, ValidationError } from './errors.js';
import { execute, type CallOptions, type Core } from './request.js';
import { normalizePolicy, realSleep, type RetryPolicy, type Sleep } from './retry.js';
import { prepareUpload, type UploadOptions, type UploadRequest } from './upload.js';
import { describeIssues } from './validate.js';

export interface LabClientOptions {
  connection: ServiceConnection;
  /** Fetched per request from the vault; never stored on the client or logged. */
  token: () => Promise<string | null>;
  /** Whole-request timeout of one attempt (default 30 s). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Injectable for deterministic jitter in tests. */
  random?: () => number;
  /** Injectable so tests do not wait out backoffs. */
  sleep?: Sleep;
  /** One line per attempt, answer and retry; contains no token and no request bodies. */
  onLog?: (line: string) => void;
}

export type { CallOptions } from './request.js';
export type WebhookOptions = CallOptions & { eventType?: string };
type Method<N extends EndpointName> = (request: RequestOf<N>, options?: CallOptions) => Promise<ResponseOf<N>>;

/** Every endpoint but the two with their own call shape: the multipart upload and the webhook's header. */
type JsonEndpoint = Exclude<EndpointName, 'storeAndEmbedFiles' | 'sendWebhook'>;
const JSON_ENDPOINTS = ENDPOINT_NAMES.filter(
  (n): n is JsonEndpoint => n !== 'storeAndEmbedFiles' && n !== 'sendWebhook',
);

const DEFAULT_TIMEOUT_MS = 30_000;
/** An upload may take long; it fails when the transfer stalls this long, not after a fixed total. */
const DEFAULT_UPLOAD_IDLE_MS = 60_000;

/** Validates before sending: a bad request fails here with the field named, and nothing goes out. */
function validated<N extends EndpointName>(name: N, request: unknown): unknown {
  const result = ENDPOINTS[name].request.safeParse(request);
  if (!result.success) {
    throw new ValidationError('invalid request (not sent)', { endpoint: name, reason: describeIssues(result.error) });
  }
  if (name === 'fetchLabsheetRows') {
    // Paging limits live outside the schema (the service answers them with a plain-string 400);
    // checking them here gives the same BadRequestError without a round trip.
    const q = result.data as { page?: number; pageSize?: number; archived?: string };
    const violation = rowPaginationViolation(q.page ?? 1, q.pageSize ?? ROW_PAGE_SIZE_DEFAULT);
    if (violation) throw new BadRequestError('invalid paging (not sent)', { endpoint: name, reason: violation });
    // The archive filter's parameter name is not in the spec (DESIGN.md names it) and `any` is its default:
    // only a filter that narrows is sent, so browsing every row sends no parameter a service may not know.
    if (q.archived === 'any') {
      const { archived: _any, ...rest } = q;
      return rest;
    }
  }
  return result.data;
}

/** The candidate named exactly `name`, else the one named so ignoring case, else the only candidate. */
function pickByName(found: readonly FoundSequence[], name: string): FoundSequence | undefined {
  const nameOf = (f: FoundSequence) => ('full' in f ? f.full.name : f.summary.name);
  return (
    found.find((f) => nameOf(f) === name) ??
    found.find((f) => nameOf(f).toLowerCase() === name.toLowerCase()) ??
    (found.length === 1 ? found[0] : undefined)
  );
}

/**
 * The Lab Data Service client: one typed method per ENDPOINTS entry, all sharing one request
 * path (validation → got → status mapping → response validation → retry by idempotency).
 */
export function createLabClient(opts: LabClientOptions) {
  const core: Core = {
    connection: opts.connection,
    token: opts.token,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: normalizePolicy(opts.retry),
    random: opts.random ?? Math.random,
    sleep: opts.sleep ?? realSleep,
    log: opts.onLog ?? (() => {}),
  };

  const bind =
    <N extends EndpointName>(name: N): Method<N> =>
    async (request, options) => {
      const payload = validated(name, request);
      // The table's response schema outputs ResponseOf<N> by definition; TS cannot follow N through the union.
      const response = ENDPOINTS[name].response as unknown as z.ZodType<ResponseOf<N>>;
      return execute(core, { endpoint: name, payload, response }, options);
    };

  // One method per endpoint of the table; the upload (multipart) and the webhook (a header) are below.
  const bound = Object.fromEntries(JSON_ENDPOINTS.map((n) => [n, bind(n)])) as { [N in JsonEndpoint]: Method<N> };

  const client = {
    ...bound,

    /** Streams the files from disk as multipart; one result per file. Never retried automatically. */
    async storeAndEmbedFiles(
      request: UploadRequest,
      options: UploadOptions = {},
    ): Promise<ResponseOf<'storeAndEmbedFiles'>> {
      const prepared = await prepareUpload(request);
      const form = await prepared.form();
      const idleMs = options.timeoutMs ?? Math.max(core.timeoutMs, DEFAULT_UPLOAD_IDLE_MS);
      return execute(
        core,
        {
          endpoint: 'storeAndEmbedFiles',
          form: () => form,
          response: ENDPOINTS.storeAndEmbedFiles.response,
          // A whole-request limit would fail large files on slow links; an idle limit does not.
          timeout: { socket: idleMs, connect: Math.min(idleMs, core.timeoutMs) },
          ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
        },
        options.signal ? { signal: options.signal } : {},
      );
    },

    /** Pushes a free-form JSON payload; `eventType` becomes the Service-Event-Type header. */
    async sendWebhook(payload: WebhookPayload, options: WebhookOptions = {}): Promise<ResponseOf<'sendWebhook'>> {
      const body = validated('sendWebhook', payload);
      const { eventType, ...call } = options;
      return execute(
        core,
        {
          endpoint: 'sendWebhook',
          payload: body,
          response: ENDPOINTS.sendWebhook.response,
          ...(eventType ? { headers: { [EVENT_TYPE_HEADER.toLowerCase()]: eventType } } : {}),
        },
        call,
      );
    },

    /**
     * GET /sequences?name= — the current way to read one sequence. Its answer's shape is not shown in
     * the spec, so every plausible one is read (see singleSequenceResponse); when it names the sequence
     * without its residues, they are read through the deprecated fetch by uuid.
     */
    async findSequenceByName(name: string, options?: CallOptions): Promise<{ sequence: Sequence }> {
      const payload = validated('listSequences', { name });
      const found = await execute(
        core,
        { endpoint: 'listSequences', payload, response: singleSequenceResponse },
        options,
      );
      const pick = pickByName(found, name);
      if (!pick) {
        throw new NotFoundError('no such sequence', {
          endpoint: 'listSequences',
          reason: `the answer names no sequence "${name}"`,
        });
      }
      if ('full' in pick) return { sequence: pick.full };
      return { sequence: (await bound.fetchSequence({ uuid: pick.summary.uuid }, options)).sequence };
    },
  } satisfies Record<EndpointName, unknown> & Record<string, unknown>;
  return client;
}

export type LabClient = ReturnType<typeof createLabClient>;
