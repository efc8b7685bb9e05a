import { describe, expect, it } from 'vitest';
import { classifyScan, createClassifier } from '../../../../shared/barcode/classify.js';
import { barcodePatternSettings } from '../../../../shared/barcode/patterns.js';
import { commandPayload, SCAN_COMMANDS } from '../../../../shared/barcode/commands.js';
import { GS } from '../../../../shared/barcode/gs1.js';

describe('classifyScan with the default patterns', () => {
  it.each([
    ['PLT000123', 'plate', 'PLT000123'],
    ['plt42', 'plate', 'PLT42'],
    ['BOX7', 'box', 'BOX7'],
    ['TB0001\r\n', 'tube', 'TB0001'],
    ['S-1001', 'sample-id', 'S-1001'],
    ['LOC:FREEZER-2', 'location', 'LOC:FREEZER-2'],
    ['A1', 'position', 'A1'],
    ['a01', 'position', 'A1'],
    ['P24', 'position', 'P24'],
    ['C5', 'position', 'C5'],
  ])('%j is a %s (%s)', (raw, kind, normalized) => {
    const c = classifyScan(raw);
    expect(c.kind).toBe(kind);
    expect(c.normalized).toBe(normalized);
    expect(c.why.length).toBeGreaterThan(5);
  });

  it('says which pattern matched', () => {
    expect(classifyScan('PLT1').why).toContain('/^PLT\\d+$/');
  });

  it.each(SCAN_COMMANDS)('reads the %s command barcode', (command) => {
    const c = classifyScan(commandPayload(command));
    expect(c).toMatchObject({ kind: 'command', command, normalized: command });
  });

  it('accepts NEXT_PLATE spelling and refuses unknown commands', () => {
    expect(classifyScan('#CMD:NEXT_PLATE').command).toBe('next-plate');
    expect(classifyScan('#CMD:REBOOT')).toMatchObject({
      kind: 'unknown',
      why: expect.stringContaining('unknown command'),
    });
  });

  it('recognises GS1 by AIM identifier, leading FNC1, human-readable form, and a valid GTIN without AIM', () => {
    const aim = classifyScan(`]C101095060001343521725123110AB1${GS}21X9`);
    expect(aim).toMatchObject({
      kind: 'gs1',
      symbology: 'gs1-128',
      gs1: { aim: ']C1', gtin: '09506000134352', lot: 'AB1', serial: 'X9' },
    });
    expect(aim.normalized).toBe('(01)09506000134352(17)251231(10)AB1(21)X9');
    expect(classifyScan(`]d2${GS}0109506000134352`)).toMatchObject({ kind: 'gs1', symbology: 'gs1-datamatrix' });
    expect(classifyScan(']Q30109506000134352')).toMatchObject({ kind: 'gs1', symbology: 'gs1-qr' });
    expect(classifyScan(`${GS}0109506000134352`).why).toContain('FNC1');
    expect(classifyScan('(01)09506000134352(10)L1').why).toContain('human-readable');
    expect(classifyScan('010950600013435210L1').why).toContain('without AIM');
  });

  it('does not call 16 digits starting 01 GS1 when the check digit is wrong', () => {
    expect(classifyScan('0109506000134353').kind).toBe('unknown');
  });

  it('reports GS1 data that fails to parse instead of matching an ID pattern', () => {
    const c = classifyScan(']C10109506000134353');
    expect(c.kind).toBe('unknown');
    expect(c.why).toContain('check digit');
  });

  it('keeps the symbology of a non-GS1 AIM read and classifies the payload', () => {
    expect(classifyScan(']C0PLT55')).toMatchObject({ kind: 'plate', value: 'PLT55', symbology: 'code128' });
  });

  it('rejects garbage with a reason', () => {
    expect(classifyScan('')).toMatchObject({ kind: 'unknown', rejected: true, why: 'rejected: empty scan' });
    expect(classifyScan(' \r\n')).toMatchObject({ rejected: true });
    expect(classifyScan('PLT\x0712').why).toContain('U+0007');
    expect(classifyScan('X'.repeat(600)).why).toContain('longer than');
    expect(classifyScan('PLT\uFFFD1').why).toContain('U+FFFD');
    expect(classifyScan(']C1').why).toContain('empty');
  });

  it('refuses a position outside the layout', () => {
    expect(classifyScan('P24', { layout: { rows: 8, columns: 12 } })).toMatchObject({
      kind: 'unknown',
      normalized: 'P24',
      outsideLayout: true,
      why: expect.stringContaining('outside the 8×12'),
    });
    expect(classifyScan('H12', { layout: { rows: 8, columns: 12 } }).kind).toBe('position');
  });

  it('leaves unknown things unknown', () => {
    expect(classifyScan('hello world')).toMatchObject({ kind: 'unknown', why: 'no pattern matched' });
  });
});

describe('configurable patterns', () => {
  it('uses the lab rules in order, e.g. 10-digit FluidX tubes', () => {
    const classify = createClassifier({
      rules: [
        { kind: 'tube', pattern: '^\\d{10}$', flags: '', label: 'FluidX tube' },
        { kind: 'plate', pattern: '^P-', flags: '' },
      ],
      commandPrefix: '!!',
    });
    expect(classify('0123456789')).toMatchObject({ kind: 'tube', why: expect.stringContaining('FluidX tube') });
    expect(classify('PLT1').kind).toBe('unknown');
    expect(classify('!!UNDO').command).toBe('undo');
    expect(classify('#CMD:UNDO').kind).toBe('unknown');
  });

  it('validates settings: bad regex, stateful flags, defaults filled', () => {
    expect(barcodePatternSettings.safeParse({ rules: [{ kind: 'tube', pattern: '([' }] }).success).toBe(false);
    expect(barcodePatternSettings.safeParse({ rules: [{ kind: 'tube', pattern: 'x', flags: 'g' }] }).success).toBe(
      false,
    );
    expect(barcodePatternSettings.safeParse({ rules: [{ kind: 'shelf', pattern: 'x' }] }).success).toBe(false);
    const d = barcodePatternSettings.parse({});
    expect(d.rules.map((r) => r.kind)).toEqual(['plate', 'box', 'tube', 'sample-id', 'location']);
    expect(d.commandPrefix).toBe('#CMD:');
  });

  it('can turn positions off', () => {
    expect(createClassifier({ positions: false })('A1').kind).toBe('unknown');
  });
});
