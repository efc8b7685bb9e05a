import { describe, expect, it } from 'vitest';
import { OUTBOX_ENTRY_STATES, PLATE_CHANGED, SUPERSEDED } from '../../../../shared/ipc/channels/outbox.js';
import {
  countedStateSaid,
  entryShownState,
  shownState,
  stateSaidShort,
  STATE_SAID,
} from '../../../../shared/outbox-words/shown-state.js';

describe("an entry's state as the Outbox says it", () => {
  it('says every stored state in words, never the stored name', () => {
    for (const state of OUTBOX_ENTRY_STATES) {
      const said = STATE_SAID[shownState(state, null)];
      expect(said).toMatch(/^[A-Z][a-z]/);
    }
    expect(OUTBOX_ENTRY_STATES.map((s) => STATE_SAID[shownState(s, null)])).toEqual([
      'Waiting to be sent',
      'Sending',
      'Sent',
      'Failed',
      'Unsure whether it arrived',
      'Cancelled',
      'Discarded',
    ]);
  });

  it('tells a failed entry apart by its error: held for a look, refused, set aside, or failed otherwise', () => {
    expect(STATE_SAID[shownState('failed', { kind: PLATE_CHANGED })]).toBe('Needs a look');
    for (const kind of ['not-found', 'validation', 'conflict', 'bad-request', 'permission', 'rejected'])
      expect(STATE_SAID[shownState('failed', { kind })]).toBe('Refused');
    // Repeated service errors, this computer, an entry it needed: nothing the service said against the change.
    for (const kind of ['gave-up', 'local', 'dependency', 'staging'])
      expect(STATE_SAID[shownState('failed', { kind })]).toBe('Failed');
    // Set aside for a newer change that was sent after it: never sent, whatever an earlier try did (on the
    // old code "Failed" by its error alone, and "Unsure whether it arrived" by main's word beside it).
    expect(STATE_SAID[shownState('failed', { kind: SUPERSEDED })]).toBe('Set aside');
    for (const may of ['superseded', null] as const)
      expect(STATE_SAID[entryShownState('failed', { kind: SUPERSEDED }, may)]).toBe('Set aside');
    expect(countedStateSaid(2, 'superseded')).toBe('set aside');
    // A hold is only a failed entry's: a pending one that met a changed plate is still waiting.
    expect(STATE_SAID[shownState('pending', { kind: PLATE_CHANGED })]).toBe('Waiting to be sent');
  });
});

describe('a count of entries in one state, as the sync line and the Outbox say it', () => {
  it('says each count in the state’s own words, shortened only where the line has no room', () => {
    expect(countedStateSaid(3, 'held')).toBe('need a look');
    expect(countedStateSaid(1, 'held')).toBe('needs a look');
    expect(countedStateSaid(2, 'refused')).toBe('refused');
    expect(countedStateSaid(0, 'failed')).toBe('failed');
    expect(countedStateSaid(4, 'done')).toBe('sent');
    // The two too long for the sync line at 1280 px, in short words that keep their meaning.
    expect(countedStateSaid(5, 'pending')).toBe('waiting');
    expect(countedStateSaid(2, 'uncertain')).toBe('unsure');
    expect(stateSaidShort('uncertain')).toBe('Unsure');
    expect(stateSaidShort('refused')).toBe(STATE_SAID.refused);
  });

  it('reads every short form as the start of the state’s own words, so no count says another state', () => {
    for (const state of Object.keys(STATE_SAID) as (keyof typeof STATE_SAID)[])
      expect(STATE_SAID[state].startsWith(stateSaidShort(state))).toBe(true);
  });
});
