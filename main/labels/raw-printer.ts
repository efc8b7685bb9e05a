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

/**
 * Send bytes (ZPL) to a printer's raw port. Resolves only after every byte was written, our end
 * was closed and the socket is fully closed, so "sent" in the UI means the printer has the job.
 * A printer that keeps the connection open after receiving everything is closed by us after the
 * timeout, which still counts as sent: it acknowledged every byte at the TCP level.
 */
export function sendRawToPrinter(job: RawPrintJob): Promise<RawPrintResult> {
  const port = job.port ?? 9100;
  const timeoutMs = job.timeoutMs ?? 10_000;
  const where = `${job.host}:${port}`;
  const payload = typeof job.data === 'string' ? Buffer.from(job.data, 'utf8') : Buffer.from(job.data);

  return new Promise<RawPrintResult>((resolve, reject) => {
    const socket = new Socket();
    let finished = false; // our FIN went out after the last byte
    let failed: PrinterError | undefined;

    socket.setTimeout(timeoutMs);
    socket.on('timeout', () => {
      if (finished) {
        socket.destroy(); // everything was flushed; the printer just did not hang up
        return;
      }
      failed = new PrinterError(
        'timeout',
        socket.connecting
          ? `The printer at ${where} did not answer within ${timeoutMs} ms: check the address and that it is on.`
          : `The printer at ${where} stopped accepting data for ${timeoutMs} ms; the label may be incomplete.`,
      );
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      failed ??= explain(error, where);
    });
    socket.on('close', () => {
      if (failed !== undefined) reject(failed);
      else if (!finished)
        reject(
          new PrinterError(
            'failed',
            `The printer at ${where} closed the connection before all ${payload.length} bytes were sent.`,
          ),
        );
      else resolve({ bytes: payload.length });
    });
    socket.connect(port, job.host, () => {
      socket.end(payload, (error?: Error | null) => {
        // Newer Node also calls this on a failed write; only a clean finish counts as sent.
        if (error == null) finished = true;
      });
    });
  });
}
