/**
 * A picture for a page waits for its upload, and later pictures for the same page wait behind it (a
 * page's pictures go in order). While that upload is uncertain (sent, answer lost) the Outbox says,
 * on each waiting entry, what it waits for and what the user can do. Against the real sandbox, its
 * answer lost by the fault proxy; the listing is main's own outbox handler.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../main/ipc/handlers/outbox.js';
import { stageFile, uploadIntent } from '../../../main/staging/index.js';
import { SUPPLIED_LATER } from '../../../shared/outbox/dependency.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { stackPerTest } from './stack.js';

describe('entries waiting for an uncertain upload say so', () => {
  const { stack: s, dir } = stackPerTest('waiting-it-');

  /** A picture's upload and the attach-image that takes its file id, as a plate record queues them. */
  async function picture(name: string, page: string): Promise<{ upload: number; attach: number }> {
    const original = path.join(dir(), name);
    fs.writeFileSync(original, Buffer.alloc(2_000, name.length));
    const staged = await stageFile(original, path.join(dir(), 'staging'), name);
    const attach: Intent = {
      type: 'attach-image',
      request: {
        hrid: page,
        image_uuid: SUPPLIED_LATER,
        image_name: name,
        image_mime_type: 'image/png',
        position: 'append',
      },
    };
    const [upload, attached] = s.outbox.enqueueMany([uploadIntent(staged, name), attach], {
      dependencies: [{ entry: 1, after: 0, supplies: { field: 'request.image_uuid', from: 'fileId' } }],
    });
    return { upload: upload!, attach: attached! };
  }

  it('the picture and the later ones for its page say what they wait for; another page goes', async () => {
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'reset-after' }, count: 1 }]);
    const first = await picture('plate-1.png', 'EXP-0001');
    await s.engine.syncNow();
    expect(s.outbox.get(first.upload)!.state).toBe('uncertain');
    const second = await picture('plate-2.png', 'EXP-0001');
    const other = await picture('plate-3.png', 'EXP-0002');
    await s.engine.syncNow();
    expect(s.outbox.get(second.upload)!.state).toBe('done');
    expect(s.outbox.get(other.attach)!.state).toBe('done');
    expect(s.outbox.get(first.attach)!.state).toBe('pending');
    expect(s.outbox.get(second.attach)!.state).toBe('pending');

    const list = await outboxHandlers({ outbox: s.outbox, sync: s.engine })['outbox.list']({}, { transport: 'test' });
    const byId = new Map(list.map((e) => [e.id, e]));
    const head = byId.get(first.attach)!.waiting;
    expect(head).toMatch(new RegExp(`^Waiting for #${first.upload} \\(Upload plate-1.png`));
    expect(head).toMatch(/answer was lost/);
    expect(head).toMatch(new RegExp(`"It arrived" on #${first.upload}; if not, "Send again"`));
    const behind = byId.get(second.attach)!.waiting;
    expect(behind).toMatch(new RegExp(`^Waiting behind #${first.attach}: pictures for page EXP-0001 go in the order`));
    expect(behind).toMatch(new RegExp(`#${first.attach} is waiting for #${first.upload} \\(Upload plate-1.png`));
    // The uncertain upload itself says its own reason; nothing else claims to wait.
    expect(byId.get(first.upload)!.waiting).toBeUndefined();

    // The user looked and it arrived: both pictures go, and nothing says it waits any more.
    expect(s.outbox.confirmDone(first.upload, { fileId: s.sandbox.store.uploads.list()[0]!.fileId })).toBe(true);
    await s.engine.syncNow();
    expect(s.outbox.get(first.attach)!.state).toBe('done');
    expect(s.outbox.get(second.attach)!.state).toBe('done');
  });
});
