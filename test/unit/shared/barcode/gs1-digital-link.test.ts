import { describe, expect, it } from 'vitest';
import { formatGs1 } from '../../../../shared/barcode/gs1.js';
import { isWebAddress, parseDigitalLink } from '../../../../shared/barcode/gs1-digital-link.js';

const parse = (uri: string) => parseDigitalLink(uri, { year: 2026 });
const fieldsOf = (uri: string): string => {
  const r = parse(uri);
  if (!r.ok) throw new Error(r.reason);
  return formatGs1(r.data.fields);
};

describe("GS1 Digital Link: the standard's examples", () => {
  it.each([
    ['https://id.gs1.org/01/09520123456788', '(01)09520123456788'],
    ['https://id.gs1.org/01/09520123456788/22/2A', '(01)09520123456788(22)2A'],
    ['https://id.gs1.org/01/09520123456788/10/ABC123', '(01)09520123456788(10)ABC123'],
    ['https://id.gs1.org/01/09520123456788/21/12345', '(01)09520123456788(21)12345'],
    [
      'https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426',
      '(01)09520123456788(10)ABC1(21)12345(17)180426',
    ],
    ['https://id.gs1.org/01/09520123456788?3103=000195', '(01)09520123456788(3103)000195'],
    [
      'https://example.com/01/09520123456788?3103=000195&3922=0299&17=201225',
      '(01)09520123456788(3103)000195(3922)0299(17)201225',
    ],
    ['https://brand.example.com/01/9520123456788', '(01)09520123456788'],
    ['https://brand.example.com/some-extra/pathinfo/01/9520123456788', '(01)09520123456788'],
    ['https://id.gs1.org/00/952012345678912345', '(00)952012345678912345'],
    [
      'https://id.gs1.org/00/952012345678912345?02=09520123456788&37=25&10=ABC123',
      '(00)952012345678912345(02)09520123456788(37)25(10)ABC123',
    ],
    ['https://id.gs1.org/414/9520123456788', '(414)9520123456788'],
    ['https://id.gs1.org/414/9520123456788/254/32a%2Fb', '(414)9520123456788(254)32a/b'],
    ['https://example.com/8004/9520614141234567?01=09520123456788', '(8004)9520614141234567(01)09520123456788'],
    ['https://id.gs1.org/01/09520123456788/235/XYZ?10=ABC123', '(01)09520123456788(235)XYZ(10)ABC123'],
  ])('%s → %s', (uri, fields) => {
    expect(fieldsOf(uri)).toBe(fields);
  });
});

describe('GS1 Digital Link: URI syntax', () => {
  it.each([
    ['http://a/00/006141411234567890', '(00)006141411234567890'],
    ['HTTPS://a/00/006141411234567890', '(00)006141411234567890'],
    ['https://xn--fsq.xn--0zwm56d/01/12312312312333', '(01)12312312312333'],
    ['https://a:65535/01/12312312312333', '(01)12312312312333'],
    ['https://[2001:db8::1]/01/12312312312333', '(01)12312312312333'],
    ['https://a/00/faux/00/006141411234567890', '(00)006141411234567890'],
    ['https://a/stem/00/006141411234567890?', '(00)006141411234567890'],
    ['https://a/01/12312312312333?&&&99=ABC&&&&&&98=XYZ&&&', '(01)12312312312333(99)ABC(98)XYZ'],
    ['https://a/01/12312312312333?singleton&linkType=gs1:pip&99=ABC', '(01)12312312312333(99)ABC'],
    ['https://a/01/12312312312333/22/ABC%2d123?99=ABC&98=XYZ%2f987', '(01)12312312312333(22)ABC-123(99)ABC(98)XYZ/987'],
    ['https://a/01/12312312312333/22/ABC+123', '(01)12312312312333(22)ABC+123'],
    ['https://a/01/12312312312333/22/test/10/abc/21/xyz#fragment', '(01)12312312312333(22)test(10)abc(21)xyz'],
    ['https://a/01/12312312312333?99=' + 'A'.repeat(90), `(01)12312312312333(99)${'A'.repeat(90)}`],
  ])('%s is read', (uri, fields) => {
    expect(fieldsOf(uri)).toBe(fields);
  });

  it.each([
    ['HtTp://a/01/12312312312333', 'not an http(s) address'],
    ['ftp://a/01/12312312312333', 'not an http(s) address'],
    ['https://a/b/', 'no GS1 key in the path'],
    ['https://a/stem/00/006141411234567890/', 'no GS1 key in the path'],
    ['https://a/gtin/12312312312333', 'no GS1 key in the path'],
  ])('%s is a web address but no Digital Link (%s)', (uri, reason) => {
    expect(parse(uri)).toEqual({ ok: false, reason, notDigitalLink: true });
  });

  it.each([
    ['https://$a/01/12312312312333', 'domain'],
    ['https://a/01/12312312312333<bad', '"<" at position'],
    ['https://a/01/12312312312333{bad', 'cannot appear in a web address'],
    ['https://[fe80::1%25lo]/01/12312312312333', 'domain'],
    ['https://a/01/12312312312333/22/ABC?98=XYZ+987', 'a space'],
    ['https://a/01/12312312312333?99=', 'no value in the query'],
    ['https://a/01/12312312312333?99=ABC&999=faux', '(999) in the query is not a GS1 application identifier'],
    ['https://a/01/12312312312333/10/', 'no value in the path'],
    ['https://a/01/12312312312333/99/ABC', 'out of order'],
    ['https://a/01/12312312312333/10/A/22/B', 'out of order'],
    ['https://a/01/12312312312333/22/A/235/B', 'out of order'],
    ['https://example.com/01/09520123456788?10=ABC123', 'belongs in the path'],
    ['https://id.gs1.org/01/09520123456788/10/ABC123?99=XYZ789&01=09520123456788', 'appears twice'],
    ['https://id.gs1.org/01/09520123456788/10/ABC123?10=ABC123', 'appears twice'],
    ['https://example.com/01/09520123456788?99=XYZ&89=ABC123', '(89) in the query is not'],
    ['https://id.gs1.org/01/09520123456788?21=ABC', 'cannot be a query attribute'],
    ['https://a/01/12312312312333?99=' + 'A'.repeat(91), 'longer than the 90 allowed'],
    ['https://a/01/12312312312334', 'wrong check digit'],
    ['https://a/01/123123123123', 'wrong check digit'],
    ['https://a/253/1231231231232TEST56789012345678', 'longer than the 30 allowed'],
    ['https://id.gs1.org/01/09520123456788?17=181326', 'month 13'],
    ['https://id.gs1.org/01/09520123456788?02=09520123456788', 'must not appear together'],
  ])('%s is refused: %s', (uri, reason) => {
    const r = parse(uri);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toContain(reason);
      expect('notDigitalLink' in r).toBe(false);
    }
  });
});

describe('what a Digital Link read carries', () => {
  it('is GS1 data marked as a Digital Link, with its stem and expiry', () => {
    expect(parse('https://id.gs1.org/01/09506000134352/10/ABC123?17=271130')).toEqual({
      ok: true,
      data: expect.objectContaining({
        source: 'digital-link',
        linkStem: 'https://id.gs1.org',
        gtin: '09506000134352',
        lot: 'ABC123',
        expiry: '2027-11-30',
        unmet: [],
      }),
    });
    const stem = parse('https://brand.example.com/some-extra/pathinfo/01/09520123456788');
    expect(stem.ok && stem.data.linkStem).toBe('https://brand.example.com/some-extra/pathinfo');
  });

  it('tells a web address from ID text', () => {
    for (const t of ['https://example.com', 'HTTP://X/Y', 'www.example.com/a', 'ftp://files.example.org']) {
      expect(isWebAddress(t), t).toBe(true);
    }
    for (const t of ['TB0001', 'LOC:FREEZER-2', 'www', 'http-like', 'S-1001']) expect(isWebAddress(t), t).toBe(false);
  });
});
