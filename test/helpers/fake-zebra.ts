import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A network label printer on loopback, as real ones behave on their raw port: it reads the job,
 * answers the host-status query `~HS` (if told what to answer) and, like many Zebra printers and
 * print servers, keeps the connection open after the client's end-of-job until the client closes
 * it, unless `closeOnEnd`.
 */
export interface FakeZebraOptions {
  /** Sent back once `~HS` has been read; undefined: never answers. */
  answer?: string;
  /** Send the answer this many bytes at a time, a few milliseconds apart (TCP pieces). */
  pieceBytes?: number;
  /** Close as soon as the client has sent its end-of-job (the printers that confirm by closing). */
  closeOnEnd?: boolean;
}

export interface FakeZebra {
  port: number;
  /** Every byte read so far, across connections. */
  received(): Buffer;
  close(): Promise<void>;
}

const STX = '\u0002';
const ETX = '\u0003';

/** Flags of a host-status answer, named as the ZPL guide names them; all clear unless given. */
export interface StatusFlags {
  paperOut?: boolean;
  paused?: boolean;
  bufferFull?: boolean;
  corruptRam?: boolean;
  underTemperature?: boolean;
  overTemperature?: boolean;
  headOpen?: boolean;
  ribbonOut?: boolean;
  labelWaiting?: boolean;
}

/** The three `<STX>…<ETX><CR><LF>` lines a Zebra sends for `~HS` (fields as in the ZPL II guide). */
export function statusAnswer(flags: StatusFlags = {}, eol = '\r\n'): string {
  const f = (on: boolean | undefined): string => (on === true ? '1' : '0');
  const one = `030,${f(flags.paperOut)},${f(flags.paused)},1225,000,${f(flags.bufferFull)},0,0,000,${f(flags.corruptRam)},${f(flags.underTemperature)},${f(flags.overTemperature)}`;
  const two = `001,0,${f(flags.headOpen)},${f(flags.ribbonOut)},1,2,6,${f(flags.labelWaiting)},00000000,1,000`;
  return [one, two, '1234,0'].map((line) => `${STX}${line}${ETX}${eol}`).join('');
}

export async function startFakeZebra(options: FakeZebraOptions = {}): Promise<FakeZebra> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();

  const send = async (socket: Socket, answer: string): Promise<void> => {
    const bytes = Buffer.from(answer, 'latin1');
    const size = options.pieceBytes ?? bytes.length;
    for (let i = 0; i < bytes.length && !socket.destroyed; i += size) {
      socket.write(bytes.subarray(i, i + size));
      if (i + size < bytes.length) await new Promise((r) => setTimeout(r, 5));
    }
  };

  const server: Server = createServer({ allowHalfOpen: options.closeOnEnd !== true }, (socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    let seen = '';
    let answered = false;
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      seen = (seen + d.toString('latin1')).slice(-8);
      if (!answered && options.answer !== undefined && seen.includes('~HS')) {
        answered = true;
        void send(socket, options.answer);
      }
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as AddressInfo).port,
    received: () => Buffer.concat(chunks),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
