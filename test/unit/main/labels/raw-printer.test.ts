import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { labelsToZpl, PrinterError, sendRawToPrinter } from '../../../../main/labels/index.js';
import { defaultTemplates } from '../../../../shared/labels/index.js';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/** A loopback "printer" that records every byte and says when the job ended. */
function fakePrinter(
  behaviour: { closeOnEnd: boolean; read?: boolean } = { closeOnEnd: true },
): Promise<{ port: number; received: Promise<Buffer> }> {
  let deliver: (b: Buffer) => void = () => {};
  const received = new Promise<Buffer>((r) => (deliver = r));
  const server = createServer({ allowHalfOpen: !behaviour.closeOnEnd }, (socket) => {
    sockets.push(socket);
    if (behaviour.read === false) {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => deliver(Buffer.concat(chunks)));
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, received })),
  );
}

describe('sendRawToPrinter', () => {
  it('delivers a whole ZPL job byte for byte and resolves after the socket closed', async () => {
    const { port, received } = await fakePrinter();
    const template = defaultTemplates().find((t) => t.id === 'box-lid-qr')!;
    const records = Array.from({ length: 60 }, (_, i) => ({ id: `BOX-${i}`, name: `Gäste ${i}` }));
    const { zpl } = labelsToZpl(template, records, { dpi: 203 });
    const result = await sendRawToPrinter({ host: '127.0.0.1', port, data: zpl, timeoutMs: 5000 });
    const bytes = await received;
    expect(result.bytes).toBe(Buffer.byteLength(zpl));
    expect(bytes.equals(Buffer.from(zpl, 'utf8'))).toBe(true);
    expect(bytes.toString('utf8').match(/\^XZ/g)).toHaveLength(60);
  });

  it('sends binary data unchanged (a large job, many TCP segments)', async () => {
    const { port, received } = await fakePrinter();
    const data = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 256);
    await sendRawToPrinter({ host: '127.0.0.1', port, data });
    expect(Buffer.from(await received).equals(Buffer.from(data))).toBe(true);
  });

  it('does not call a job sent when the printer keeps the connection open without confirming it', async () => {
    // Indistinguishable from a printer that stopped reading with the job still in the buffers
    // (below), so it is not "sent": the message says what is known and what to check.
    const { port, received } = await fakePrinter({ closeOnEnd: false });
    const started = Date.now();
    await expect(sendRawToPrinter({ host: '127.0.0.1', port, data: '^XA^XZ', timeoutMs: 300 })).rejects.toMatchObject({
      code: 'timeout',
      message:
        `The printer at 127.0.0.1:${port} did not confirm the job: all 6 bytes left this computer, but the printer ` +
        'did not finish reading them within 300 ms. Check paper and ribbon and whether the labels printed before ' +
        'sending again; nothing more was sent.',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await received).toString()).toBe('^XA^XZ');
  });

  it.each([1, 4])(
    'a printer that stops reading after 64 KB of a %i MB job: not sent, even though every byte left this computer',
    async (mb) => {
      // The reviewer's scenario: the job fits in the loopback buffers, so every write finishes, yet
      // the printer read only its first 64 KB and never its end.
      let read = 0;
      let printerSide: Socket | undefined;
      const server = createServer((socket) => {
        printerSide = socket;
        sockets.push(socket);
        socket.on('data', (d) => {
          read += d.length;
          if (read > 64 * 1024) socket.pause(); // the printer's buffer is full; paper is out
        });
        socket.on('error', () => undefined);
      });
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      const port = (server.address() as AddressInfo).port;
      const data = Buffer.alloc(mb * 1024 * 1024, 0x41);

      const attempt = sendRawToPrinter({ host: '127.0.0.1', port, data, timeoutMs: 500 });
      await expect(attempt).rejects.toMatchObject({ code: 'timeout' });
      await expect(attempt).rejects.toThrow(/check paper and ribbon/i);
      printerSide?.resume(); // whatever is left in the printer's buffer: it was never the whole job
      await new Promise((r) => setTimeout(r, 200));
      expect(read).toBeLessThan(data.length);
    },
    20_000,
  );

  it('reports a printer that hangs up part way as not sent', async () => {
    const server = createServer((socket) => {
      sockets.push(socket);
      let read = 0;
      socket.on('data', (d) => {
        read += d.length;
        if (read > 256 * 1024) socket.destroy();
      });
      socket.on('error', () => undefined);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const data = Buffer.alloc(32 * 1024 * 1024, 0x41);
    await expect(sendRawToPrinter({ host: '127.0.0.1', port, data, timeoutMs: 2000 })).rejects.toBeInstanceOf(
      PrinterError,
    );
  });

  it('says clearly when the printer refuses the connection', async () => {
    const { port } = await fakePrinter();
    await new Promise<void>((r) => servers.pop()!.close(() => r())); // nothing listens on that port now
    const attempt = sendRawToPrinter({ host: '127.0.0.1', port, data: '^XA^XZ', timeoutMs: 2000 });
    await expect(attempt).rejects.toBeInstanceOf(PrinterError);
    await expect(attempt).rejects.toMatchObject({
      code: 'refused',
      message: `The printer at 127.0.0.1:${port} refused the connection: check that it is on and accepts raw printing on that port.`,
    });
  });

  it('times out clearly when the printer stops taking data', async () => {
    const { port } = await fakePrinter({ closeOnEnd: true, read: false });
    const data = new Uint8Array(64 * 1024 * 1024); // more than loopback buffers hold
    const attempt = sendRawToPrinter({ host: '127.0.0.1', port, data, timeoutMs: 400 });
    await expect(attempt).rejects.toMatchObject({
      code: 'timeout',
    });
    // How far it got is the OS's count, so only its shape is fixed here.
    await expect(attempt).rejects.toThrow(
      new RegExp(
        `^The printer at 127\\.0\\.0\\.1:${port} stopped taking data after at most \\d+ of ${data.length} bytes ` +
          '\\(nothing for 400 ms\\): check paper and ribbon; nothing more was sent\\.$',
      ),
    );
  });
});
