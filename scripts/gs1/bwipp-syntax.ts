/**
 * Reads the GS1 syntax table out of BWIPP's PostScript (`barcode.ps` in the bwip-js package).
 * BWIPP co-authored the GS1 Barcode Syntax Dictionary and builds this table from it ("Extracted
 * from the GS1 Syntax Dictionary"), so it is the dictionary in a form that reaches us through the
 * npm registry, pinned by package-lock, and the same rules bwip-js applies when Labels prints GS1.
 *
 * Only the small PostScript subset the table uses is understood: dictionaries, arrays, names,
 * strings, numbers and booleans, plus the `(AI) exch dup ... pop` idiom that keys one entry
 * under several AIs. Anything else in the block is an error, so a changed format fails loudly.
 */

export interface SyntaxPart {
  cset: 'N' | 'X' | 'Y' | 'Z';
  min: number;
  max: number;
  optional: boolean;
  linters: string[];
}

export interface SyntaxEntry {
  /** Every AI that shares this entry, in the order BWIPP lists them. */
  ais: string[];
  parts: SyntaxPart[];
  /** One list per `req` attribute; each is a list of alternatives; each alternative is a group of AIs. */
  req: string[][][];
  ex: string[];
  /** null: not a Digital Link primary key; []: a key without qualifiers; else the qualifier sequences. */
  dlpkey: string[][] | null;
  /** False when the AI may not be a Digital Link query attribute. */
  dlattr: boolean;
}

export interface BwippSyntax {
  /** BWIPP's resource version of the gs1process block, e.g. `2026052800`. */
  version: string;
  entries: SyntaxEntry[];
  /** Two-digit prefixes of AIs with a predefined length (no FNC1 separator follows them). */
  fixedPrefixes: string[];
  /** The character sets, in BWIPP's order: cset82, cset39, cset32 (check pairs), cset64. */
  csets: Record<'cset82' | 'cset39' | 'cset32' | 'cset64', string>;
}

type Token =
  | { t: 'open-dict' | 'close-dict' | 'open-array' | 'close-array' }
  | { t: 'name'; v: string }
  | { t: 'string'; v: string }
  | { t: 'number'; v: number }
  | { t: 'word'; v: string };

type Value = string | number | boolean | { name: string } | Value[] | Map<string, Value>;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '%') while (i < text.length && text[i] !== '\n') i++;
    else if (text.startsWith('<<', i)) (out.push({ t: 'open-dict' }), (i += 2));
    else if (text.startsWith('>>', i)) (out.push({ t: 'close-dict' }), (i += 2));
    else if (c === '[') (out.push({ t: 'open-array' }), i++);
    else if (c === ']') (out.push({ t: 'close-array' }), i++);
    else if (c === '(') {
      let s = '';
      let depth = 1;
      i++;
      while (i < text.length) {
        const d = text[i]!;
        if (d === '\\') ((s += text[i + 1]!), (i += 2));
        else if (d === '(') (depth++, (s += d), i++);
        else if (d === ')' && --depth === 0) break;
        else ((s += d), i++);
      }
      if (depth !== 0) throw new Error('unterminated PostScript string');
      out.push({ t: 'string', v: s });
      i++;
    } else {
      const m = /^\/?[^\s[\]()<>/%{}]+/.exec(text.slice(i, i + 64));
      if (!m) throw new Error(`unexpected PostScript at "${text.slice(i, i + 20)}"`);
      const w = m[0];
      if (w.startsWith('/')) out.push({ t: 'name', v: w.slice(1) });
      else if (/^-?\d+$/.test(w)) out.push({ t: 'number', v: Number(w) });
      else out.push({ t: 'word', v: w });
      i += w.length;
    }
  }
  return out;
}

/** Parses one value starting at `pos`; returns it and the position after it. */
function parseValue(tokens: readonly Token[], pos: number): [Value, number] {
  const tok = tokens[pos];
  if (!tok) throw new Error('PostScript ends inside a value');
  switch (tok.t) {
    case 'string':
    case 'number':
      return [tok.v, pos + 1];
    case 'name':
      return [{ name: tok.v }, pos + 1];
    case 'word':
      if (tok.v === 'true' || tok.v === 'false') return [tok.v === 'true', pos + 1];
      throw new Error(`unexpected PostScript operator "${tok.v}" inside a value`);
    case 'open-array': {
      const items: Value[] = [];
      let p = pos + 1;
      while (tokens[p]?.t !== 'close-array') {
        const [v, next] = parseValue(tokens, p);
        items.push(v);
        p = next;
      }
      return [items, p + 1];
    }
    case 'open-dict': {
      const dict = new Map<string, Value>();
      let p = pos + 1;
      while (tokens[p]?.t !== 'close-dict') {
        const key = tokens[p];
        if (key?.t !== 'name') throw new Error('a PostScript dictionary key must be a name');
        const [v, next] = parseValue(tokens, p + 1);
        dict.set(key.v, v);
        p = next;
      }
      return [dict, p + 1];
    }
    default:
      throw new Error(`unexpected PostScript token ${tok.t}`);
  }
}

const asArray = (v: Value | undefined, what: string): Value[] => {
  if (!Array.isArray(v)) throw new Error(`${what} is not an array`);
  return v;
};
const asStrings = (v: Value | undefined, what: string): string[] =>
  asArray(v, what).map((s) => {
    if (typeof s !== 'string') throw new Error(`${what} holds a non-string`);
    return s;
  });

function toPart(v: Value): SyntaxPart {
  if (!(v instanceof Map)) throw new Error('a part is not a dictionary');
  const cset = v.get('cset');
  const min = v.get('min');
  const max = v.get('max');
  const opt = v.get('opt');
  if (typeof cset !== 'object' || !('name' in cset) || !/^[NXYZ]$/.test(cset.name)) throw new Error('bad cset');
  if (typeof min !== 'number' || typeof max !== 'number' || typeof opt !== 'boolean') throw new Error('bad part');
  const linters = asArray(v.get('linters'), 'linters').map((l) => {
    if (typeof l !== 'object' || !('name' in l) || !l.name.startsWith('lint')) throw new Error('bad linter');
    return l.name.slice(4);
  });
  return { cset: cset.name as SyntaxPart['cset'], min, max, optional: opt, linters };
}

function toEntry(dict: Map<string, Value>, ais: string[]): SyntaxEntry {
  const known = new Set(['parts', 'req', 'ex', 'dlpkey', 'dlattr']);
  for (const k of dict.keys()) if (!known.has(k)) throw new Error(`unknown attribute /${k} for (${ais[0]})`);
  const dlpkey = dict.get('dlpkey');
  const dlattr = dict.get('dlattr');
  return {
    ais,
    parts: asArray(dict.get('parts'), 'parts').map(toPart),
    req: dict.has('req')
      ? asArray(dict.get('req'), 'req').map((alts) => asArray(alts, 'req').map((g) => asStrings(g, 'req group')))
      : [],
    ex: dict.has('ex') ? asStrings(dict.get('ex'), 'ex') : [],
    dlpkey: dlpkey === undefined ? null : asArray(dlpkey, 'dlpkey').map((seq) => asStrings(seq, 'dlpkey')),
    dlattr: dlattr === undefined ? true : dlattr === true,
  };
}

function block(ps: string, start: string, end: string): string {
  const from = ps.indexOf(start);
  if (from < 0) throw new Error(`"${start}" not found in barcode.ps`);
  const to = ps.indexOf(end, from);
  if (to < 0) throw new Error(`"${end}" not found after "${start}"`);
  return ps.slice(from + start.length, to);
}

function csetString(ps: string, name: string): string {
  // `<< 0 (chars) { exch dup 1 add } forall pop >>`: only the string before the procedure matters.
  const tokens = tokenize(block(ps, `/${name} <<`, '{'));
  const s = tokens.find((t) => t.t === 'string');
  if (!s || s.t !== 'string') throw new Error(`/${name} has no character string`);
  return s.v;
}

export function extractBwippSyntax(ps: string): BwippSyntax {
  const version = /%%BeginResource: uk\.co\.terryburton\.bwipp gs1process \S+ (\d+)/.exec(ps)?.[1];
  if (!version) throw new Error('gs1process resource header not found in barcode.ps');
  const gs1process = ps.slice(ps.indexOf('% --BEGIN RESOURCE gs1process--'));

  const tokens = tokenize(block(gs1process, '/gs1syntax <<', '>> readonly def'));
  const entries: SyntaxEntry[] = [];
  let p = 0;
  while (p < tokens.length) {
    const [dict, next] = parseValue(tokens, p);
    if (!(dict instanceof Map)) throw new Error('gs1syntax holds something other than a dictionary');
    p = next;
    const ais: string[] = [];
    // `(AI) exch dup` repeated, then `pop`: the dictionary is stored under each AI.
    while (tokens[p]?.t === 'string') {
      const ai = tokens[p] as { t: 'string'; v: string };
      const [w1, w2] = [tokens[p + 1], tokens[p + 2]];
      if (w1?.t !== 'word' || w1.v !== 'exch' || w2?.t !== 'word' || w2.v !== 'dup') throw new Error('bad AI key');
      ais.push(ai.v);
      p += 3;
    }
    const pop = tokens[p];
    if (pop?.t !== 'word' || pop.v !== 'pop' || ais.length === 0) throw new Error(`entry without AIs near ${p}`);
    p++;
    entries.push(toEntry(dict, ais));
  }

  const fixedTokens = tokenize(block(gs1process, '/aifixed << [', ']'));
  const fixedPrefixes = fixedTokens.map((t) => {
    if (t.t !== 'string' || !/^\d\d$/.test(t.v)) throw new Error('bad /aifixed prefix');
    return t.v;
  });

  const csets = {
    cset82: csetString(gs1process, 'cset82'),
    cset39: csetString(gs1process, 'cset39'),
    cset32: csetString(gs1process, 'cset32'),
    cset64: csetString(gs1process, 'cset64'),
  };
  return { version, entries, fixedPrefixes, csets };
}
