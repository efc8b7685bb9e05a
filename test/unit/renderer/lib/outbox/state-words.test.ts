import { describe, expect, it } from 'vitest';
import { STATE_SAID, type ShownState } from '../../../../../shared/outbox-words/shown-state.js';
import type { MayHaveArrived, OutboxEntryState, OutboxError } from '../../../../../shared/ipc/channels/outbox.js';
import { markOf, SYNC_STATE } from '../../../../../renderer/lib/plate-map/well-view.js';
import { SYNC_SAID } from '../../../../../renderer/lib/plate-map/well-words.js';
import {
  queuedSaid,
  queuedSyncOf,
  takenOutSaid,
  type QueuedSync,
} from '../../../../../renderer/lib/outbox/follow-entry-sync.js';
import { phaseWords, type UploadPhase } from '../../../../../renderer/workflows/upload/upload-item.js';

// A technician who read "not yet sent" on the plate, "waiting to send" in a list and "Waiting to be sent" in
// the Outbox asked whether these were three states. Each screen's word for a state is the Outbox's, only
// lower-cased: the Outbox state each of their marks stands for is written here, and the words must follow.
const said = (state: ShownState) => STATE_SAID[state].toLowerCase();

describe("every screen says an entry's state in the Outbox's words", () => {
  it("the plate's legend and wells", () => {
    const stands: Record<keyof typeof SYNC_SAID, ShownState> = {
      pending: 'pending',
      synced: 'done',
      held: 'held',
      refused: 'refused',
      failed: 'failed',
      unsure: 'uncertain',
    };
    for (const [sync, state] of Object.entries(stands))
      expect(SYNC_SAID[sync as keyof typeof SYNC_SAID], sync).toBe(said(state));
  });

  it('the Row update and Assign location lists', () => {
    const stands: [QueuedSync | null, ShownState][] = [
      [null, 'pending'],
      ['pending', 'pending'],
      ['synced', 'done'],
      ['held', 'held'],
      ['refused', 'refused'],
      ['failed', 'failed'],
      ['unsure', 'uncertain'],
      ['superseded', 'superseded'],
      ['cancelled', 'cancelled'],
      ['discarded', 'discarded'],
    ];
    for (const [sync, state] of stands) {
      const line = queuedSaid({ sync, reason: null });
      expect(line.startsWith(said(state)), `${sync}: ${line}`).toBe(true);
    }
    expect(takenOutSaid('discarded')).toBe(`${said('discarded')} in the Outbox — will not be sent`);
  });

  // On the old code every failed entry's mark was "refused" and an unsure one's too, whatever the Outbox
  // said. A failure the service did not refuse is unsure when main says it may be on the service all the
  // same (mayHaveArrived), and failed when it never left this computer: a list says what the well says.
  // One set aside for a newer change is said so in a list (it was "unsure" on the old code, as the Outbox
  // said it then), and draws nothing in its well, which shows the newer change.
  it("a well's and a listed item's mark is the Outbox's state of its entry, refusal or not", () => {
    const stands: [OutboxEntryState, OutboxError | null, MayHaveArrived | null, ShownState][] = [
      ['pending', null, null, 'pending'],
      ['sending', null, null, 'pending'],
      ['done', null, null, 'done'],
      ['failed', { kind: 'plate-changed', message: 'Needs a look' }, null, 'held'],
      ['failed', { kind: 'not-found', status: 404, message: 'Not found' }, null, 'refused'],
      ['failed', { kind: 'gave-up', status: 503, message: 'Stopped after 8 failed attempts' }, 'gave-up', 'uncertain'],
      ['failed', { kind: 'local', message: 'Not sent: it failed on this computer' }, 'local', 'uncertain'],
      ['failed', { kind: 'local', message: 'Not sent: it failed on this computer' }, null, 'failed'],
      ['failed', { kind: 'superseded', message: 'Not sent: a newer change' }, 'superseded', 'superseded'],
      ['failed', null, null, 'failed'],
      ['uncertain', { kind: 'network', message: 'socket hang up' }, null, 'uncertain'],
    ];
    for (const [state, error, mayHaveArrived, shown] of stands) {
      const mark = markOf({ state, error, mayHaveArrived });
      expect(mark && SYNC_STATE[mark], `${state} ${error?.kind}`).toBe(shown === 'superseded' ? null : shown);
      const sync = queuedSyncOf({ state, error, mayHaveArrived });
      expect(queuedSaid({ sync, reason: null }).startsWith(said(shown)), `${state} ${error?.kind}`).toBe(true);
    }
  });

  it('the upload list', () => {
    const stands: [UploadPhase, ShownState][] = [
      ['queued', 'pending'],
      ['sending', 'sending'],
      ['done', 'done'],
      ['failed', 'failed'],
      ['refused', 'refused'],
      ['failed', 'failed'],
      ['unsure', 'uncertain'],
      ['cancelled', 'cancelled'],
      ['discarded', 'discarded'],
    ];
    for (const [phase, state] of stands) {
      const words = phaseWords(phase);
      expect(words.startsWith(said(state)), `${phase}: ${words}`).toBe(true);
    }
  });
});
