import { Socket } from 'node:net';

export interface RawPrintJob {
  host: string;
  /** 9100 is the raw (JetDirect) port Zebra and most network label printers listen on. */
  port?: number;
  data: string | Uint8Array;
  /** Longest silence allowed while connecting, sending or waiting for the printer to close. */
  timeoutMs?: number;
}

export interface RawPrintResult {
  bytes: number;
}

export class PrinterError extends Error {
  readonly code: 'refused' | 'timeout' | 'unreachable' | 'failed';
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

function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

/**
 * Send bytes (ZPL) to a printer's raw port. Resolves only when the printer confirmed the job by
 * closing the connection after reading our end-of-job: a write finishing only means the bytes
 * reached this computer's socket buffer, and a printer that stopped reading (out of paper, ribbon)
 * leaves them there, so anything short of that close is not "sent".
 *
 * A stall (no progress for `timeoutMs`, while sending or while waiting for that close) fails with
 * how far the job got. The connection is then reset rather than closed, so the OS drops what is
 * still queued instead of trickling a half job out later, and the message can say nothing more was
 * sent.
 */
export function sendRawToPrinter(job: RawPrintJob): Promise<RawPrintResult> {
  const port = job.port ?? 9100;
  const timeoutMs = job.timeoutMs ?? 10_000;
  const where = `${job.host}:${port}`;
  const payload = typeof job.data === 'string' ? Buffer.from(job.data, 'utf8') : Buffer.from(job.data);
  const total = payload.length;

  return new Promise<RawPrintResult>((resolve, reject) => {
    const socket = new Socket();
    let taken = 0; // bytes the OS accepted from us; the printer has at most this many
    let handedOver = false; // every byte and our end-of-job are with the OS
    let hungUpEarly = false; // the printer closed its side before it could have read everything
    let failed: PrinterError | undefined;

    const fail = (error: PrinterError): void => {
      failed ??= error;
      socket.resetAndDestroy();
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
      else
        fail(
          new PrinterError(
            'timeout',
            `The printer at ${where} did not confirm the job: all ${total} bytes left this computer, but the ` +
              `printer did not finish reading them within ${duration(timeoutMs)}. Check paper and ribbon and ` +
              `whether the labels printed before sending again; nothing more was sent.`,
          ),
        );
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failed ??= explain(error, where);
    });
    // Printers may answer with status bytes; reading them keeps the printer's close observable.
    socket.on('data', () => undefined);
    socket.on('finish', () => {
      handedOver = true;
    });
    socket.on('end', () => {
      if (!handedOver) hungUpEarly = true;
    });
    socket.on('close', () => {
      if (failed !== undefined) reject(failed);
      else if (!handedOver || hungUpEarly)
        reject(
          new PrinterError(
            'failed',
            `The printer at ${where} closed the connection after at most ${taken} of ${total} bytes; nothing more was sent.`,
          ),
        );
      // A clean close after our end-of-job: the printer read everything, then hung up.
      else resolve({ bytes: total });
    });

    let offset = 0;
    const pump = (): void => {
      while (offset < total && !socket.destroyed) {
        const chunk = payload.subarray(offset, offset + CHUNK_BYTES);
        offset += chunk.length;
        const more = socket.write(chunk, (error?: Error | null) => {
          if (error == null) taken += chunk.length;
        });
        if (!more) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!socket.destroyed) socket.end();
    };
    socket.connect(port, job.host, pump);
  });
}
