import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { findUuid, isUuid } from '../../../../shared/api/primitives.js';

// What a service may hand out as a "randomly generated" uuid: the spec names no version, so ids from
// a time-ordered or home-made generator, or printed in capitals, are still the service's uuids.
const V4 = '6f1c9a52-3d1e-4b7a-9a51-0c2f4e8d7b10';
const NO_VERSION = '00000000-dead-beef-0000-000000000000';
const CAPITALS = '6F1C9A52-3D1E-4B7A-9A51-0C2F4E8D7B10';

describe('service uuids', () => {
  it('are any 8-4-4-4-12 hex digits in either case, where z.uuid() wants an RFC version and variant', () => {
    for (const id of [V4, NO_VERSION, CAPITALS]) expect(isUuid(id)).toBe(true);
    // The difference that decided against z.uuid(): a service id with no RFC version would read as a
    // plain ID (a row uuid scanned in Assign location sent as idType ID; a manifest uuid looked up as a barcode).
    expect(z.uuid().safeParse(NO_VERSION).success).toBe(false);
  });

  it('are whole values for isUuid, and found inside a pasted line by findUuid', () => {
    expect(isUuid(` ${V4}`)).toBe(false);
    expect(isUuid(`${V4}0`)).toBe(false);
    expect(isUuid('TB000001')).toBe(false);
    expect(findUuid(`Shelf 2\t${CAPITALS}`)).toBe(CAPITALS);
    expect(findUuid('Shelf 2 (no id)')).toBeUndefined();
  });
});
