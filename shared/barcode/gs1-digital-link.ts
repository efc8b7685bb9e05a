import { finishGs1, type Gs1Options, type Gs1Result } from './gs1.js';
import { aiRule, isDlPathSequence } from './gs1-rules.js';
import { aiLabel, checkAiValue, type Gs1FieldInput } from './gs1-validate.js';

/**
 * GS1 Digital Link URIs, uncompressed form, parsed as GS1's Syntax Engine does: any domain, any
 * path before the primary key, then key and qualifiers as /AI/value pairs in an order the
 * dictionary's `dlpkey=` allows, then data attributes as numeric query parameters (`?17=271130`).
 * Other query parameters (linkType, …) and the fragment are ignored. Every value gets the same
 * checks as in a barcode, and the whole read the same cross-field rules.
 */
export type DigitalLinkResult = Gs1Result | { ok: false; reason: string; notDigitalLink: true };

const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const BAD_DOMAIN_CHARS = /[_~?#@!$&'()*+,;=%]/;

/** Any scanned web address: a scheme with `://`, or a bare `www.` host. */
export function isWebAddress(text: string): boolean {
  return /^[a-z][a-z0-9+.-]{0,15}:\/\//i.test(text) || /^www\.[^\s/]+\.[a-z]/i.test(text);
}

function percentDecode(s: string, query: boolean): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out += query && c === '+' ? ' ' : c;
  }
  return out;
}

/** (01) in a Digital Link may be written as GTIN-8, -12 or -13 (the standard's own examples do): pad it. */
function widen(ai: string, value: string): string {
  return ai === '01' && [8, 12, 13].includes(value.length) && /^\d+$/.test(value) ? value.padStart(14, '0') : value;
}

const notDl = (reason: string): DigitalLinkResult => ({ ok: false, reason, notDigitalLink: true });
const bad = (reason: string): DigitalLinkResult => ({ ok: false, reason: `not a valid GS1 Digital Link: ${reason}` });

function qualifierWords(key: string): string {
  const seqs = aiRule(key)?.dlQualifiers ?? [];
  if (seqs.length === 0) return `${aiLabel(key)} takes no qualifiers in the path`;
  const alts = seqs.map((s) => s.map((ai) => `(${ai})`).join(', '));
  return `after (${key}) the path may hold ${alts.join(' or ')}, in that order`;
}

export function parseDigitalLink(uri: string, options?: Gs1Options): DigitalLinkResult {
  const scheme = /^(https?|HTTPS?):\/\//.exec(uri);
  if (!scheme) return notDl('not an http(s) address');
  if (!URI_CHARS.test(uri)) {
    const at = [...uri].findIndex((c) => !URI_CHARS.test(c));
    return bad(`"${uri[at]}" at position ${at + 1} cannot appear in a web address`);
  }
  const afterScheme = uri.slice(scheme[0].length);
  const slash = afterScheme.indexOf('/');
  const domain = slash === -1 ? afterScheme : afterScheme.slice(0, slash);
  if (slash <= 0) return notDl('no path after the domain');
  if (BAD_DOMAIN_CHARS.test(domain)) return bad(`the domain "${domain}" has characters a domain cannot hold`);

  const rest = afterScheme.slice(slash).split('#')[0]!;
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  const query = q === -1 ? '' : rest.slice(q + 1);

  // The primary key is the left end of the run of /AI/value pairs that ends the path.
  const segs = path.split('/').slice(1);
  let start = -1;
  for (let i = segs.length - 2; i >= 0; i -= 2) {
    const rule = /^\d{2,4}$/.test(segs[i]!) ? aiRule(segs[i]!) : undefined;
    if (!rule) break;
    if (rule.dlQualifiers) {
      start = i;
      break;
    }
  }
  if (start === -1) return notDl('no GS1 key in the path');

  const ctx = { year: options?.year ?? new Date().getUTCFullYear() };
  const fields: Gs1FieldInput[] = [];
  const pathAis: string[] = [];
  for (let i = start; i < segs.length; i += 2) {
    const ai = segs[i]!;
    const raw = segs[i + 1] ?? '';
    if (raw === '') return bad(`${aiLabel(ai)} has no value in the path`);
    const value = widen(ai, percentDecode(raw, false));
    const problem = checkAiValue(ai, value, ctx);
    if (problem) return bad(problem);
    fields.push({ ai, value });
    pathAis.push(ai);
  }
  if (!isDlPathSequence(pathAis)) {
    return bad(`the path /${pathAis.join('/…/')}/… is out of order: ${qualifierWords(pathAis[0]!)}`);
  }

  for (const param of query.split('&')) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    const ai = param.slice(0, eq);
    if (!/^\d+$/.test(ai)) continue;
    const rule = aiRule(ai);
    if (!rule) return bad(`(${ai}) in the query is not a GS1 application identifier`);
    const rawValue = param.slice(eq + 1);
    if (rawValue === '') return bad(`${aiLabel(ai)} has no value in the query`);
    const value = widen(ai, percentDecode(rawValue, true));
    const problem = checkAiValue(ai, value, ctx, rule);
    if (problem) return bad(problem);
    if (fields.some((f) => f.ai === ai)) return bad(`${aiLabel(ai)} appears twice`);
    if (!rule.dlAttribute) return bad(`${aiLabel(ai)} cannot be a query attribute of a Digital Link`);
    for (let j = 1; j <= pathAis.length; j++) {
      if (isDlPathSequence([...pathAis.slice(0, j), ai, ...pathAis.slice(j)])) {
        return bad(`${aiLabel(ai)} belongs in the path, not the query`);
      }
    }
    fields.push({ ai, value });
  }

  const result = finishGs1(fields, 'digital-link', options);
  if (!result.ok) return bad(result.reason);
  const stem = `${scheme[0]}${domain}${segs
    .slice(0, start)
    .map((s) => `/${s}`)
    .join('')}`;
  return { ok: true, data: { ...result.data, linkStem: stem } };
}
