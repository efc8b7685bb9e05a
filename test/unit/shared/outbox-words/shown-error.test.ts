import { describe, expect, it } from 'vitest';
import { shownError, shownErrorLine } from '../../../../shared/outbox-words/shown-error.js';

/** A well the labsheet has no row for, refused as the sandbox refuses it. */
const noRow = {
  kind: 'not-found',
  status: 404,
  message: 'updateManifest: not found (HTTP 404) — Not found: plate.wells[0].sample: labsheet "Samples" has no row…',
  reason: 'plate.wells[0].sample: labsheet "Samples" has no row with ID or barcode "S-7701"',
};

describe("an entry's error as the screens say it", () => {
  it('says a refusal in plain words, and keeps the service’s own words and status after them', () => {
    expect(shownError(noRow)).toEqual({
      said: 'The Samples labsheet has no row S-7701.',
      serviceSaid: 'plate.wells[0].sample: labsheet "Samples" has no row with ID or barcode "S-7701" (404)',
    });
    expect(shownErrorLine(shownError(noRow), 'Fix it in the Outbox.')).toBe(
      'The Samples labsheet has no row S-7701. Fix it in the Outbox. The service said: ' +
        'plate.wells[0].sample: labsheet "Samples" has no row with ID or barcode "S-7701" (404)',
    );
  });

  // Queued offline before the rows were read, a tube read with Caps Lock on was refused later with no
  // word of why: the refusal names the likely cause and the label to look for.
  it('a refused code with lower-case letters names Caps Lock as the likely cause', () => {
    const lower = { ...noRow, reason: 'assignments[0]: labsheet "Samples" has no row with ID "fx00000001"' };
    expect(shownError(lower).said).toBe(
      'The Samples labsheet has no row fx00000001. fx00000001 may have been read with Caps Lock on: if the label ' +
        'reads FX00000001, scan it again with Caps Lock off.',
    );
  });

  it('says a value a list column does not allow, and a taken well, in plain words', () => {
    const value = {
      kind: 'validation',
      status: 422,
      message: 'Validation error',
      reason: 'rows[0]: column "Status" (LIST) must be one of "received", "depleted", got "bogus"',
    };
    expect(shownError(value).said).toBe('Status cannot be "bogus": the labsheet allows only "received", "depleted".');
    // A misspelt field in a batch: the words name the column, not "a value".
    const column = {
      kind: 'validation',
      status: 422,
      message: 'Validation error',
      reason: 'rows[3]: unknown column "Stauts"',
    };
    expect(shownError(column)).toEqual({
      said: 'Stauts is not a column of the labsheet.',
      serviceSaid: 'rows[3]: unknown column "Stauts" (422)',
    });
    const taken = {
      kind: 'conflict',
      status: 409,
      message: 'Conflict',
      reason: 'assignments[0]: well A1 of PL-0003 already holds S-0099 (Samples), not S-0131',
    };
    expect(shownError(taken)).toEqual({
      said: 'Well A1 of PL-0003 already holds S-0099.',
      serviceSaid: 'assignments[0]: well A1 of PL-0003 already holds S-0099 (Samples), not S-0131 (409)',
    });
  });

  it('says a refusal worded otherwise by its class, and still gives the service’s words', () => {
    const other = { kind: 'validation', status: 422, message: 'Validation error', reason: 'wells: too many' };
    expect(shownError(other)).toEqual({
      said: 'The service does not accept a value in this change.',
      serviceSaid: 'wells: too many (422)',
    });
    // A service that gives only the class: its message is its words.
    expect(shownError({ kind: 'not-found', status: 404, message: 'Not found' }).serviceSaid).toBe('Not found (404)');
  });

  it('keeps a sentence of our own as it is (it holds the service’s words), and other errors as before', () => {
    const held = { kind: 'plate-changed', message: 'Needs a look: plate PL-0003 changed on the service.' };
    expect(shownError(held)).toEqual({ said: held.message, serviceSaid: null });
    expect(shownErrorLine(shownError({ kind: 'local', message: 'The disk is full.' }))).toBe('The disk is full.');
  });

  it('says a request that got no usable answer in words, the connection’s own words in brackets', () => {
    expect(shownErrorLine(shownError({ kind: 'server', status: 500, message: 'Operation failed' }))).toBe(
      'The service had an error. The service said: Operation failed (500)',
    );
    expect(shownError({ kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:35561' })).toEqual({
      said: 'The service could not be reached (connect ECONNREFUSED 127.0.0.1:35561).',
      serviceSaid: null,
    });
    expect(shownError({ kind: 'timeout', message: 'no answer within 30 s' }).said).toBe(
      'The service did not answer in time (no answer within 30 s).',
    );
  });
});
