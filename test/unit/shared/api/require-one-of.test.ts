import { describe, expect, it } from 'vitest';
import { attachImageRequest, nameOrUuidQuery, removePermissionsRequest } from '../../../../shared/api/eln.js';
import { addSequenceToRowRequest } from '../../../../shared/api/labsheets.js';
import { updateManifestRequest } from '../../../../shared/api/manifests.js';
import { fetchSequenceQuery } from '../../../../shared/api/sequences.js';

const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map(({ path, message }) => ({ path, message }))[0];
const image = { image_uuid: 'u', image_name: 'i.png', image_mime_type: 'image/png', position: 'append' as const };

describe('"one of X or Y is required" requests', () => {
  it('say which identifiers are missing, at the field the spec names first', () => {
    expect(
      issue(updateManifestRequest.safeParse({ plate: { removeFromWells: [{ position: 'A1', fields: ['TAGS'] }] } })),
    ).toEqual({
      path: ['hrid'],
      message: 'one of hrid or uuid is required',
    });
    expect(issue(attachImageRequest.safeParse(image))).toEqual({
      path: ['name'],
      message: 'one of name, hrid or uuid is required',
    });
    expect(issue(removePermissionsRequest.safeParse({ users: [{ email: 'a@b' }] }))).toEqual({
      path: ['uuid'],
      message: 'one of uuid or location is required',
    });
    expect(issue(addSequenceToRowRequest.safeParse({ labsheet: 'L', id: 'S-1', sequenceColumn: 'Seq' }))).toEqual({
      path: ['sequenceName'],
      message: 'one of sequenceName or sequenceUuid is required',
    });
    // Queries are not a body: their issue points at no field.
    for (const q of [nameOrUuidQuery, fetchSequenceQuery])
      expect(issue(q.safeParse({ name: '' }))).toEqual({ path: [], message: 'one of name or uuid is required' });
  });

  it('take any one of them, and an empty string names nothing', () => {
    expect(attachImageRequest.safeParse({ ...image, hrid: 'EXP-0001' }).success).toBe(true);
    expect(fetchSequenceQuery.safeParse({ uuid: 'u' }).success).toBe(true);
    expect(attachImageRequest.safeParse({ ...image, name: '', hrid: '', uuid: '' }).success).toBe(false);
  });
});
