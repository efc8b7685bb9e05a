import { describe, expect, it } from 'vitest';
import { conflictCandidates, parseEmails } from '../../../../../renderer/workflows/data/lib/folder-conflict.js';
import { hintFor, fromWriteError } from '../../../../../renderer/workflows/data/lib/errors.js';
import { describeLastUpdate, guessManifestKey } from '../../../../../renderer/workflows/data/lib/manifest-lookup.js';
import {
  clampPage,
  lastPage,
  maxReachablePage,
  pageKeepingFirstRow,
  REACHABLE_ROWS,
  rowWindowAt,
  unreachableRows,
} from '../../../../../renderer/workflows/data/lib/paging.js';
import { lineColumnAt, parseWebhookJson } from '../../../../../renderer/workflows/data/lib/webhook-json.js';
import { eventTypeProblem } from '../../../../../shared/api/webhook.js';
import { nextTab } from '../../../../../renderer/workflows/data/tabs.js';

describe('row paging within the service limits', () => {
  it('never offers a page where page × pageSize reaches 50,000', () => {
    expect(maxReachablePage(1000)).toBe(49);
    expect(maxReachablePage(500)).toBe(99);
    expect(maxReachablePage(7)).toBe(7142);
    expect(lastPage(1_000_000, 1000)).toBe(49);
    expect(unreachableRows(60_000, 1000)).toBe(11_000);
    expect(unreachableRows(300, 50)).toBe(0);
  });
  it('clamps to the data and to at least page 1', () => {
    expect(lastPage(0, 50)).toBe(1);
    expect(lastPage(301, 50)).toBe(7);
    expect(clampPage(99, 301, 50)).toBe(7);
    expect(clampPage(0, 301, 50)).toBe(1);
    expect(clampPage(Number.NaN, 301, 50)).toBe(1);
  });
  it('walks to row 49,999 by shrinking the last pages, never breaking page × pageSize < 50,000', () => {
    expect(rowWindowAt(0)).toEqual({ page: 1, pageSize: 1000 });
    expect(rowWindowAt(48_000)).toEqual({ page: 49, pageSize: 1000 });
    let offset = 0;
    let requests = 0;
    for (let w = rowWindowAt(0); w; w = rowWindowAt(offset)) {
      expect(w.page * w.pageSize).toBeLessThan(50_000);
      expect((w.page - 1) * w.pageSize).toBe(offset);
      offset += w.pageSize;
      requests++;
    }
    expect(offset).toBe(REACHABLE_ROWS);
    expect(requests).toBeLessThan(60);
    expect(rowWindowAt(49_999)).toBeNull();
  });
  it('keeps the first visible row on screen when the page size changes', () => {
    expect(pageKeepingFirstRow(3, 50, 25, 300)).toBe(5); // row 101 → page 5 of 25s
    expect(pageKeepingFirstRow(5, 25, 100, 300)).toBe(2); // row 101 → page 2 of 100s
  });
});

describe('webhook JSON editor', () => {
  it('accepts an object and refuses arrays, bare values and a non-string event', () => {
    expect(parseWebhookJson('{"event":"x","n":1}')).toEqual({ ok: true, payload: { event: 'x', n: 1 } });
    expect(parseWebhookJson('[1]').ok).toBe(false);
    expect(parseWebhookJson('42').ok).toBe(false);
    expect(parseWebhookJson('   ').ok).toBe(false);
    const bad = parseWebhookJson('{"event": 5}');
    expect(!bad.ok && bad.message).toMatch(/event/);
  });
  it('points at the line and column of a syntax error', () => {
    const r = parseWebhookJson('{\n  "a": 1,\n  oops\n}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.line, r.column]).toEqual([3, 3]);
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
  it('checks the Service-Event-Type header value', () => {
    expect(eventTypeProblem('')).toBeNull();
    expect(eventTypeProblem('sample.received')).toBeNull();
    expect(eventTypeProblem('a\r\nX-Evil: 1')).toMatch(/visible ASCII/);
    expect(eventTypeProblem(' x')).toMatch(/spaces/);
  });
});

describe('folder conflicts and permission input', () => {
  it('takes the candidates from the service reason when it lists them', () => {
    const reason =
      'folder fetch: conflict (HTTP 409) — Conflict: folder name "Plates" matches 2 folders (Molecular Biology:Plates, Cell Culture:Plates); use its uuid.';
    expect(conflictCandidates('Plates', reason, ['X'])).toEqual(['Molecular Biology:Plates', 'Cell Culture:Plates']);
  });
  it('falls back to every labspace when the reason says only "Conflict"', () => {
    expect(conflictCandidates('Plates', 'Conflict', ['A', 'B'])).toEqual(['A:Plates', 'B:Plates']);
  });
  it('reads emails separated by lines, commas or semicolons and flags the rest', () => {
    expect(parseEmails('a@x.org, b@y.org;\nA@x.org nope')).toEqual({
      emails: ['A@x.org', 'b@y.org'],
      invalid: ['nope'],
    });
  });
});

describe('error hints', () => {
  it('explains a missing Super Admin permission in words a user can act on', () => {
    expect(hintFor('validation', 'Validation error: Super Admin permission required')).toMatch(/Super Admin.*Settings/);
    const shown = fromWriteError({
      kind: 'validation',
      status: 422,
      message: 'Validation error',
      reason: 'Super Admin permission required',
    });
    expect(shown.text).toBe(
      'The service does not accept a value in this change. The service said: Super Admin permission required (422)',
    );
    expect(shown.hint).toMatch(/Super Admin/);
  });
  it("says a queued write's refusal as the Outbox says its entry: plain words, then the service's own once", () => {
    const refused = {
      kind: 'conflict',
      status: 409,
      message: 'labspaceCreate: conflict (HTTP 409) — Conflict: a labspace named "Cell Culture" already exists.',
      reason: 'a labspace named "Cell Culture" already exists',
    };
    // On the old code: the client's whole message, endpoint name and all, with the reason inside it.
    expect(fromWriteError(refused).text).toBe(
      'This change conflicts with what the service holds now. ' +
        'The service said: a labspace named "Cell Culture" already exists (409)',
    );
  });
});

describe('manifest look-up', () => {
  it('guesses the identifier kind of a typed or scanned value', () => {
    expect(guessManifestKey('PL-0001')).toBe('hrid');
    expect(guessManifestKey('PLT000001')).toBe('barcode');
    expect(guessManifestKey('0f8b3c2a-1d4e-4a5b-9c6d-7e8f9a0b1c2d')).toBe('uuid');
  });
  it('shows the last update with how long ago it was', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(describeLastUpdate('2026-11-23T09:55:00Z', now)).toMatch(/\(5 minutes ago\)$/);
    expect(describeLastUpdate('not a date', now)).toBe('not a date');
  });
});

describe('tab keys', () => {
  it('wraps around with the arrow keys and jumps with Home/End', () => {
    expect(nextTab('labsheets', 'ArrowLeft')).toBe('manifests');
    expect(nextTab('manifests', 'ArrowRight')).toBe('labsheets');
    expect(nextTab('webhooks', 'Home')).toBe('labsheets');
    expect(nextTab('labsheets', 'x')).toBeNull();
  });
});
