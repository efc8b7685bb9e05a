import { describe, expect, it } from 'vitest';
import { labsheetsNotListed } from '../../../../../renderer/workflows/settings/labsheets-listed.js';
import { DEFAULT_LABSHEETS } from '../../../../../shared/ipc/settings.js';

const chosen = { ...DEFAULT_LABSHEETS, rowUpdate: 'Reagents' };

describe('labsheets the service does not list, said beside their workflow', () => {
  it("the demo's Samples on a service without it is said for each workflow that reads it", () => {
    const said = labsheetsNotListed(chosen, { names: ['Biobank', 'Reagents'], complete: true });
    expect(Object.keys(said).sort()).toEqual(['assignLocation', 'labels', 'wellFill']);
    expect(said.wellFill).toBe(
      'This service has no labsheet “Samples”: choose one of its 2 labsheets (the field lists them).',
    );
  });

  it('a name the service spells in another letter case is named', () => {
    expect(labsheetsNotListed(chosen, { names: ['SAMPLES', 'Reagents'], complete: true }).labels).toBe(
      'This service names it “SAMPLES”, not “Samples”: choose “SAMPLES”.',
    );
  });

  it('a service with no labsheets at all says so', () => {
    expect(labsheetsNotListed(chosen, { names: [], complete: true }).rowUpdate).toBe(
      'This service has no labsheets yet, so no tube can be found in “Reagents”.',
    );
  });

  it('says nothing from a list that is not the whole, or that could not be read', () => {
    expect(labsheetsNotListed(chosen, { names: ['Biobank'], complete: false })).toEqual({});
    expect(labsheetsNotListed(chosen, null)).toEqual({});
    expect(labsheetsNotListed(chosen, { names: ['Samples', 'Reagents'], complete: true })).toEqual({});
  });
});
