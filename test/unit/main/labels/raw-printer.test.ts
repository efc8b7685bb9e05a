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

  it('resolves when a printer keeps the connection open after the job, by closing it after the timeout', async () => {
    const { port, received } = await fakePrinter({ closeOnEnd: false });
    const started = Date.now();
    await expect(sendRawToPrinter({ host: '127.0.0.1', port, data: '^XA^XZ', timeoutMs: 300 })).resolves.toEqual({
      bytes: 6,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await received).toString()).toBe('^XA^XZ');
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
      message: `The printer at 127.0.0.1:${port} stopped accepting data for 400 ms; the label may be incomplete.`,
    });
  });
});
