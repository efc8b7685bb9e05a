import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, it } from 'vitest';
import { hostAndPageForSuite } from '../../helpers/browser-host.js';

/**
 * A staged upload copy belongs to the one entry it was staged for; finishing that entry deletes it.
 * Security review: a page could queue a second, forged file-upload entry naming another upload's
 * copy (named in outbox.list) and cancel it, deleting the copy the real upload still needed.
 */
const suite = hostAndPageForSuite();

async function stageAndQueue(name: string): Promise<number> {
  const bytes = Buffer.from('a,b\n1,2\n');
  const { stagingId } = await suite.page.value<{ stagingId: string }>('upload.stageBegin', {
    name,
    size: bytes.length,
  });
  await suite.page.value('upload.stageChunk', { stagingId, offset: 0, base64: bytes.toString('base64') });
  const { stagedId } = await suite.page.value<{ stagedId: string }>('upload.stageFinish', { stagingId });
  const { id } = await suite.page.value<{ id: number }>('upload.enqueue', { stagedId });
  // A staging ticket is redeemed once: a second entry cannot be made from it.
  expect(await suite.page.call('upload.enqueue', { stagedId })).toMatchObject({ ok: false });
  return id;
}

it('a page cannot point a second entry at another upload’s staged copy, so cannot delete it', async () => {
  const realId = await stageAndQueue('rack.csv');
  type Summary = { id: number; state: string; intent: { stagedPath: string; size: number; sha256: string } };
  const real = (await suite.page.value<Summary[]>('outbox.list', {})).find((e) => e.id === realId)!;
  // The page is told the copy's file name only, never its path (under the user's home on a real machine).
  expect(basename(real.intent.stagedPath)).toBe(real.intent.stagedPath);
  const copy = join(suite.host.dataDir, 'staging', real.intent.stagedPath);
  expect(existsSync(copy)).toBe(true);

  const forged = { ...real.intent, type: 'file-upload', fileName: 'x.csv', isGlobal: false, fileSource: 'x' };
  const one = await suite.page.call('outbox.enqueue', { intent: forged });
  expect(one).toMatchObject({ ok: false, error: { message: expect.stringContaining('upload screen') } });
  const many = await suite.page.call('outbox.enqueueMany', { intents: [forged] });
  expect(many).toMatchObject({ ok: false });

  // Had either been queued, the reviewer's next step was to cancel it; nothing was, so the copy stays.
  const after = await suite.page.value<Summary[]>('outbox.list', {});
  expect(after.filter((e) => e.intent.stagedPath === real.intent.stagedPath).map((e) => e.id)).toEqual([realId]);
  expect(existsSync(copy)).toBe(true);

  // Its own entry finishing (here: undone) still removes it.
  await suite.page.value('outbox.cancel', { id: realId });
  await expect.poll(() => existsSync(copy), { timeout: 5_000 }).toBe(false);
});
