import { describe, expect, it } from 'vitest';
import { GS, parseGs1ElementString, parseGs1HumanReadable } from '../../../../shared/barcode/gs1.js';

const YEAR = { year: 2026 };
const element = (s: string) => parseGs1ElementString(s, ']C1', YEAR);
const human = (s: string) => parseGs1HumanReadable(s, YEAR);
const ais = (s: string): string[] => {
  const r = element(s);
  if (!r.ok) throw new Error(r.reason);
  return r.data.fields.map((f) => `${f.ai}=${f.value}`);
};

describe('AI lengths from the dictionary (issue 21)', () => {
  it('reads (710) as a 3-digit AI: the German PZN is not misread as (7101)', () => {
    expect(ais('0109506000134352' + '71012345')).toEqual(['01=09506000134352', '710=12345']);
    expect(human('(710)12345(01)09506000134352')).toMatchObject({ ok: true });
    for (const ai of ['711', '712', '713', '714', '715', '716', '717']) {
      expect(ais(`0109506000134352${ai}X1`)).toEqual(['01=09506000134352', `${ai}=X1`]);
    }
  });

  it('reads every (43xx) AI, e.g. ship-to name, country and temperature', () => {
    const s = `00106141411234567897${'4301'}Jane%20Doe${GS}4307GB${GS}4331001234-${GS}4321${'1'}`;
    expect(ais(s)).toEqual(['00=106141411234567897', '4301=Jane%20Doe', '4307=GB', '4331=001234-', '4321=1']);
  });

  it.each([
    ['(8001)', '12345678901201', true],
    ['(8001)', '12345678901231', false],
    ['(8003)', '095201234567880ABC', true],
    ['(8007)', 'GB82WEST12345698765432', true],
    ['(7007)', '271101271130', true],
    ['(7007)', '271101', true],
    ['(423)', '276040', true],
    ['(423)', '2760402', false],
    ['(242)', '123456', true],
    ['(242)', '1234567', false],
    ['(235)', 'X'.repeat(28), true],
    ['(235)', 'X'.repeat(29), false],
    ['(89)', 'ABC', false],
    ['(23)', '1234', false],
    ['(3106)', '000123', false],
  ])('%s%s valid: %s', (ai, value, valid) => {
    expect(human(`(01)09506000134352${ai}${value}`).ok).toBe(valid);
  });

  it('needs the FNC1 separator after a fixed-length AI that is not predefined, and says so', () => {
    // (7003) is always 10 digits, yet GS1 requires a separator after it.
    expect(element('01095060001343527003271130120010ABC')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('FNC1 separator after it is missing'),
    });
    expect(ais(`010950600013435270032711301200${GS}10ABC`)).toEqual(['01=09506000134352', '7003=2711301200', '10=ABC']);
  });

  it('takes predefined lengths without separators, as GS1 General Specifications figure 7.8.5-2 shows', () => {
    expect(ais('0109501101530003' + '17140704' + '10AB-123')).toEqual(['01=09501101530003', '17=140704', '10=AB-123']);
  });
});

describe('rules across AIs (dictionary ex= and req=, repeats)', () => {
  it.each([
    '(01)09506000134352(02)09506000134352',
    '(01)09506000134352(255)9520123456788',
    '(01)09506000134352(37)123',
    '(21)ABC123(235)XYZ',
    '(3940)1234(8111)9999',
    '(3940)1234(3941)9999',
    '(3955)123456(3929)123',
    '(01)09506000134352(3103)000123(3102)001230',
  ])('%s: the two must not appear together', (text) => {
    expect(human(text)).toMatchObject({ ok: false, reason: expect.stringContaining('must not appear together') });
  });

  it('allows an AI matching its own exclusion pattern once: (3103) alone', () => {
    expect(human('(01)09506000134352(3103)000123').ok).toBe(true);
  });

  it.each([
    ['(400)ABC(400)ABC', true],
    ['(400)ABC(99)DEF(400)ABC', true],
    ['(400)ABC(400)AB', false],
    ['(400)ABC(400)ABC(400)XYZ', false],
    ['(99)ABC(400)ABC(400)XYZ', false],
  ])('%s: a repeated AI must repeat its value (ok: %s)', (text, ok) => {
    const r = human(text);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.reason).toContain('appears twice with different values');
  });

  it.each([
    ['(02)09506000134352', ['(02) Product number of the contents (GTIN) needs (37)']],
    ['(02)09506000134352(37)123', ['(37) Count of items needs (00)']],
    ['(02)09506000134352(37)123(00)106141411234567897', []],
    ['(21)ABC123', ['(21) Serial number needs (01), (03) or (8006)']],
    ['(21)ABC123(01)09506000134352', []],
    ['(01)09506000134352(250)ABC123', ['(250) Secondary serial number needs (21)']],
    ['(01)09506000134352(21)XYZ999(250)ABC123', []],
    ['(01)09506000134352(3925)12599', ['(3925) Price (local currency) needs (30), (31xx), (32xx), (35xx) or (36xx)']],
    ['(01)09506000134352(3925)12599(3105)654321', []],
    ['(8030)DIGSIG', ['(8030) Digital signature needs (00), (01) with (21)']],
    ['(8030)DIGSIG(01)09506000134352(21)ABC123', []],
    ['(8030)DIGSIG(8010)1234567890(8011)123456789012', []],
  ])('%s: unmet requisites are noted, not refused', (text, unmet) => {
    const r = human(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.unmet).toHaveLength(unmet.length);
    unmet.forEach((u, i) => expect(r.data.unmet[i]).toContain(u));
  });

  it('refuses a digital signature over a key without its serial part', () => {
    expect(human('(253)9520123456788(8030)ABC123')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('serial part'),
    });
    expect(human('(253)9520123456788X(8030)ABC123').ok).toBe(true);
    expect(human('(255)9520123456788(8030)ABC123').ok).toBe(false);
    expect(human('(8003)09520123456788(8030)ABC123').ok).toBe(false);
  });
});

describe('what a parsed read carries', () => {
  it('summarises key, lot, serial and expiry, keeping every field with its name', () => {
    const r = element(`0109506000134352${'17'}271100${'10'}ABC123${GS}21S-9${GS}70032711301430`);
    expect(r).toMatchObject({
      ok: true,
      data: {
        source: 'element-string',
        aim: ']C1',
        gtin: '09506000134352',
        lot: 'ABC123',
        serial: 'S-9',
        expiry: '2027-11-30',
        expiryTime: '14:30',
        key: { ai: '01', name: 'Product number (GTIN)', value: '09506000134352' },
        unmet: [],
      },
    });
  });

  it('names an SSCC read as the key and an SSCC', () => {
    const r = element('00106141411234567897');
    expect(r).toMatchObject({ ok: true, data: { sscc: '106141411234567897', key: { ai: '00' } } });
  });
});
