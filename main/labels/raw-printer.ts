import { Socket } from 'node:net';
import { HOST_STATUS_QUERY, readHostStatus, type HostStatusRead } from './host-status.js';
import { statusWords } from './status-words.js';

export interface RawPrintJob {
  host: string;
  /** 9100 is the raw (JetDirect) port Zebra and most network label printers listen on. */
  port?: number;
  data: string | Uint8Array;
  /** Longest silence allowed while connecting, sending or waiting for the printer to confirm. */
  timeoutMs?: number;
  /**
   * Follow the job with Zebra's host-status query (`~HS`, ZPL printers only): its answer confirms
   * the job on printers that keep the connection open, and says what stops the printer.
   */
  hostStatus?: boolean;
}

export interface RawPrintResult {
  /** The job's bytes, without the status query. */
  bytes: number;
  /** What the printer's status says that does not stop it printing, in words for the bench. */
  notes: string[];
}

export class PrinterError extends Error {
  /**
   * 'not-ready': the printer has the job but reports something that stops it printing;
   * 'unreadable': it answered the status query with something that cannot be read as a status.
   */
  readonly code: 'refused' | 'timeout' | 'unreachable' | 'failed' | 'not-ready' | 'unreadable';
  constructor(code: PrinterError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PrinterError';
    this.code = code;
  }
}

function explain(error: NodeJS.ErrnoException, where: string): PrinterError {
  switch (error.code) {
    case 'ECONNREFUSED':
      return new PrinterError(
        'refused',
        `The printer at ${where} refused the connection: check that it is on and accepts raw printing on that port.`,
        { cause: error },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterError('unreachable', `No printer named ${where} could be found: check the printer address.`, {
        cause: error,
      });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new PrinterError(
        'unreachable',
        `The printer at ${where} cannot be reached from this computer (${error.code}).`,
        { cause: error },
      );
    default:
      return new PrinterError('failed', `Sending to the printer at ${where} failed: ${error.message}`, {
        cause: error,
      });
  }
}

/** Small enough that the count of bytes the OS took moves while a slow printer drains its buffer. */
const CHUNK_BYTES = 64 * 1024;

const LABEL_END = '^XZ';

/**
 * Where a ZPL job gets a status query of its own: after the first label end at least CHUNK_BYTES
 * past the previous one, then the job's end. The OS takes a whole job of a few hundred KB at once,
 * so once it is handed over only the printer's answers show it is still reading; cutting at a
 * label end keeps the query out of a label's fields.
 */
function queryPoints(payload: Buffer): number[] {
  const points: number[] = [];
  let from = CHUNK_BYTES;
  while (from < payload.length) {
    const end = payload.indexOf(LABEL_END, from - LABEL_END.length);
    if (end < 0) break;
    const cut = end + LABEL_END.length;
    if (cut >= payload.length) break;
    points.push(cut);
    from = cut + CHUNK_BYTES;
  }
  points.push(payload.length);
  return points;
}

function labelsBefore(payload: Buffer, offset: number): number {
  let count = 0;
  for (
    let at = payload.indexOf(LABEL_END);
    at >= 0 && at + LABEL_END.length <= offset;
    at = payload.indexOf(LABEL_END, at + 1)
  )
    count++;
  return count;
}

/** Where one whole status answer (three lines, each ended by ETX) ends in `text`. */
function afterAnswer(text: string): number {
  let at = -1;
  for (let line = 0; line < 3; line++) at = text.indexOf('\u0003', at + 1);
  return at + 1;
}

function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/** Far more than the three status lines take: past it, the rest is not kept. */
const MAX_ANSWER_CHARS = 4096;

type Outcome = { result: RawPrintResult } | { error: PrinterError };

/**
 * Send bytes (ZPL) to a printer's raw port. Resolves only when the printer confirmed the job: a
 * write finishing only means the bytes reached this computer's socket buffer, and a printer that
 * stopped reading (out of paper, ribbon) leaves them there, so anything short of a confirmation is
 * not "sent". Two things confirm it:
 * - the printer closing the connection after reading our end-of-job;
 * - with `hostStatus`, its answer to the `~HS` sent after the job: the printer reads its input in
 *   order, so answering the query means it read every byte before it. Many Zebra printers and
 *   print servers keep the connection open after our end-of-job until we close it, so for them
 *   this answer is the only confirmation there is. We close once it is in, and a status that
 *   stops printing (paper out, paused, …) fails the job with what to do.
 *
 * A big ZPL job gets a status query after about every CHUNK_BYTES (at a label end, see
 * queryPoints): the OS takes a few hundred KB at once, so after hand-over these answers are the
 * only sign that a slow printer is still reading, and each one restarts the wait.
 *
 * A stall (no progress for `timeoutMs`, while sending or while waiting for a confirmation) fails
 * with how far the job got. The connection is then reset rather than closed, so the OS drops what
 * is still queued instead of trickling a half job out later, and the message can say nothing more
 * was sent.
 */
export function sendRawToPrinter(job: RawPrintJob): Promise<RawPrintResult> {
  const port = job.port ?? 9100;
  const timeoutMs = job.timeoutMs ?? 10_000;
  const where = `${job.host}:${port}`;
  const payload = typeof job.data === 'string' ? Buffer.from(job.data, 'utf8') : Buffer.from(job.data);
  const total = payload.length;
  const asksStatus = job.hostStatus === true;
  // With the status query, one follows each point: its answer says the printer read that far.
  const queries = asksStatus ? queryPoints(payload) : [total];

  return new Promise<RawPrintResult>((resolve, reject) => {
    const socket = new Socket();
    let taken = 0; // bytes the OS accepted from us; the printer has at most this many
    let handedOver = false; // every byte and our end-of-job are with the OS
    let hungUpEarly = false; // the printer closed its side before it could have read everything
    let answer = ''; // what the printer sent back, as latin1 text (the status answer is ASCII)
    let answered = 0; // whole status answers in: the printer read the job up to queries[answered - 1]
    let partWay: HostStatusRead | undefined; // the latest answer to a query before the job's end
    let failed: PrinterError | undefined;
    let decided: Outcome | undefined; // from the printer's status answer

    const fail = (error: PrinterError): void => {
      if (decided !== undefined) return;
      failed ??= error;
      // Still connecting, a reset would wait for a 'connect' that may never come (a printer that is
      // off): the job then failed only when the OS gave up, about 2 minutes later.
      if (socket.connecting) socket.destroy();
      else socket.resetAndDestroy();
    };
    const decide = (outcome: Outcome): void => {
      if (failed !== undefined || decided !== undefined) return;
      decided = outcome;
      // The printer has read everything we sent, so a plain close loses nothing.
      socket.destroy();
    };
    const fromStatus = (read: HostStatusRead): Outcome | undefined => {
      if (read.kind === 'garbled' || read.status === null) return undefined;
      const { stopped, notes } = statusWords(read.status, where);
      return stopped === null ? { result: { bytes: total, notes } } : { error: new PrinterError('not-ready', stopped) };
    };

    // Silence after the whole job was handed over, and no last answer.
    const stoppedPartWay = (): void => {
      const read = partWay === undefined ? undefined : fromStatus(partWay);
      if (read !== undefined && 'error' in read) return fail(read.error);
      // Current Zebra firmware does not answer ~HS while out of paper or ribbon, with the head open
      // or too hot (see host-status.ts), so silence still points at paper and ribbon.
      if (answered === 0)
        return fail(
          new PrinterError(
            'timeout',
            `The printer at ${where} did not confirm the job: all ${total} bytes left this computer, but the ` +
              `printer did not finish reading them within ${duration(timeoutMs)}. Check paper and ribbon and ` +
              `whether the labels printed before sending again; nothing more was sent.`,
          ),
        );
      const confirmed = queries[answered - 1]!;
      const labels = labelsBefore(payload, total);
      fail(
        new PrinterError(
          'timeout',
          `The printer at ${where} stopped reading the job part way: it confirmed the first ${confirmed} of ` +
            `${total} bytes (${labelsBefore(payload, confirmed)} of ${labels} labels), then nothing more for ` +
            `${duration(timeoutMs)}. Check paper and ribbon, and which labels came out, before sending the ` +
            'rest; nothing more was sent.',
        ),
      );
    };
    // All sent, and neither a close nor a whole status answer: say what the printer did send.
    const waitedTooLong = (): void => {
      const read = readHostStatus(answer);
      const known = answered === queries.length - 1 ? fromStatus(read) : undefined;
      if (known !== undefined) decide(known);
      else if (read.kind === 'garbled')
        fail(
          new PrinterError(
            'unreadable',
            `The printer at ${where} did not confirm the job, and what it sent back is not a printer status ` +
              `Benchlink can read (${read.reason}). Check whether the labels printed before sending them again; ` +
              'if this keeps happening, check that the printer at that address is a Zebra (ZPL) printer.',
          ),
        );
      else if (answered < queries.length - 1) stoppedPartWay();
      else if (answer.trim() !== '')
        fail(
          new PrinterError(
            'unreadable',
            `The printer at ${where} received the whole job, but its status answer stopped part way (nothing ` +
              `more for ${duration(timeoutMs)}), so it is not known whether it can print. Check whether the ` +
              'labels printed and the printer shows no error before sending them again.',
          ),
        );
      else stoppedPartWay();
    };
    // Socket activity (a write completing, a byte from the printer) restarts this, so it measures
    // silence, not the length of the job.
    socket.setTimeout(timeoutMs);
    socket.on('timeout', () => {
      if (socket.connecting)
        fail(
          new PrinterError(
            'timeout',
            `The printer at ${where} did not answer within ${duration(timeoutMs)}: check the address and that it is on.`,
          ),
        );
      else if (!handedOver)
        fail(
          new PrinterError(
            'timeout',
            `The printer at ${where} stopped taking data after at most ${taken} of ${total} bytes ` +
              `(nothing for ${duration(timeoutMs)}): check paper and ribbon; nothing more was sent.`,
          ),
        );
      else waitedTooLong();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (decided === undefined) failed ??= explain(error, where);
    });
    // Once everything is with the OS, the printer has `timeoutMs` to confirm, however much it sends:
    // bytes that never make a status answer reset the silence timeout for ever. Each answer to a
    // query part way is progress (the printer read that far), so it starts that time again; there
    // are only as many of those as queries sent.
    let confirmBy: NodeJS.Timeout | undefined;
    const waitForConfirmation = (): void => {
      clearTimeout(confirmBy);
      confirmBy = setTimeout(() => {
        if (decided === undefined && failed === undefined) waitedTooLong();
      }, timeoutMs);
    };
    // Reading what the printer sends also keeps its close observable.
    socket.on('data', (chunk: Buffer) => {
      if (!asksStatus) return;
      if (answer.length < MAX_ANSWER_CHARS) answer += chunk.toString('latin1');
      for (let read = readHostStatus(answer); read.kind === 'complete'; read = readHostStatus(answer)) {
        answered++;
        if (answered >= queries.length) return decide(fromStatus(read)!);
        partWay = read;
        answer = answer.slice(afterAnswer(answer));
        if (handedOver) waitForConfirmation();
      }
    });
    socket.on('finish', () => {
      handedOver = true;
      waitForConfirmation();
    });
    socket.on('end', () => {
      if (!handedOver) hungUpEarly = true;
    });
    socket.on('close', () => {
      clearTimeout(confirmBy);
      if (decided !== undefined) {
        if ('error' in decided) reject(decided.error);
        else resolve(decided.result);
      } else if (failed !== undefined) reject(failed);
      else if (!handedOver || hungUpEarly)
        reject(
          new PrinterError(
            'failed',
            `The printer at ${where} closed the connection after at most ${taken} of ${total} bytes; nothing more was sent.`,
          ),
        );
      else {
        // A clean close after our end-of-job: the printer read everything, then hung up. What it
        // said of its status before that still counts.
        const known = fromStatus(readHostStatus(answer));
        if (known !== undefined && 'error' in known) reject(known.error);
        else resolve(known?.result ?? { bytes: total, notes: [] });
      }
    });

    let offset = 0;
    let nextQuery = 0;
    const pump = (): void => {
      while (offset < total && !socket.destroyed) {
        const until = queries[nextQuery]!;
        const chunk = payload.subarray(offset, Math.min(offset + CHUNK_BYTES, until));
        offset += chunk.length;
        let more = socket.write(chunk, (error?: Error | null) => {
          if (error == null) taken += chunk.length;
        });
        if (offset === until && offset < total) {
          nextQuery++;
          if (asksStatus) more = socket.write(HOST_STATUS_QUERY, 'latin1');
        }
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
      if (socket.destroyed) return;
      if (asksStatus) socket.write(HOST_STATUS_QUERY, 'latin1');
      socket.end();
    };
    socket.connect(port, job.host, pump);
  });
}
