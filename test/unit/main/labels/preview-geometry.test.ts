import bwipBrowser from 'bwip-js/browser';
import { describe, expect, it } from 'vitest';
import { measureWithBwip } from '../../../../main/labels/index.js';
import {
  defaultTemplates,
  prepareLabels,
  symbolSizeFromRaw,
  type BwipRequest,
} from '../../../../shared/labels/index.js';

/** The preview (LabelPreview.svelte) measures and draws with bwip-js's browser build; it must agree with main's. */
const browserMeasure = (request: BwipRequest) => {
  const { bcid, text, ...options } = request;
  return symbolSizeFromRaw(bwipBrowser.raw(bcid, text, options));
};

describe('preview geometry', () => {
  for (const template of defaultTemplates()) {
    it(`${template.id}: browser and Node builds lay out identically, and the SVG has the placed proportions`, () => {
      const records = [
        { id: 'TB-000123', name: 'Müller', date: '2026-11-23' },
        { id: 'TB1234', name: 'x' },
      ];
      const preview = prepareLabels(template, records, { measure: browserMeasure });
      expect(preview).toEqual(prepareLabels(template, records, { measure: measureWithBwip }));
      for (const label of preview.labels) {
        const svg = bwipBrowser.toSVG({ ...label.bwip, scale: 1 });
        const [, , w, h] = /viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number) as [
          number,
          number,
          number,
          number,
        ];
        if (label.symbol.heightModules === null) {
          expect(w).toBe(label.symbol.widthModules); // one SVG unit per module; bars stretch to the box height
        } else {
          expect(w / h).toBeCloseTo(label.placement.w / label.placement.h, 6);
        }
      }
    });
  }
});
