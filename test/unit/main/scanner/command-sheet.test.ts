import { describe, expect, it } from 'vitest';
import { code128Svg, renderCommandSheet, sheetEntries } from '../../../../main/scanner/command-sheet.js';
import { classifyScan } from '../../../../shared/barcode/classify.js';

describe('command barcode sheet', () => {
  it('renders one Code 128 SVG per command with its label and text', () => {
    const html = renderCommandSheet();
    expect(html.match(/<svg/g)).toHaveLength(7);
    for (const payload of [
      '#CMD:UNDO',
      '#CMD:REDO',
      '#CMD:DONE',
      '#CMD:SKIP',
      '#CMD:NEXT-PLATE',
      '#CMD:CANCEL',
      '#CMD:FILL-HERE',
    ]) {
      expect(html).toContain(`<code>${payload}</code>`);
    }
    expect(html).toContain('Next plate');
  });

  it('every payload on the sheet classifies back to its command', () => {
    for (const e of sheetEntries()) expect(classifyScan(e.payload).kind).toBe('command');
  });

  it('adds position barcodes for a layout and honours a custom prefix', () => {
    const entries = sheetEntries({ commandPrefix: '!!', positions: { rows: 8, columns: 12 } });
    expect(entries).toHaveLength(7 + 96);
    expect(entries[0]!.payload).toBe('!!UNDO');
    expect(entries.at(-1)).toEqual({ label: 'Position H12', payload: 'H12' });
  });

  it('different payloads give different symbols; titles are escaped', () => {
    expect(code128Svg('#CMD:UNDO')).not.toEqual(code128Svg('#CMD:REDO'));
    expect(renderCommandSheet({ title: '<script>x</script>' })).not.toContain('<script>');
  });
});
