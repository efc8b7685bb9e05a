/**
 * Reading a Zebra printer's answer to the host-status query `~HS`.
 *
 * Format (ZPL II Programming Guide, "~HS Host Status Return": docs.zebra.com/us/en/printers/software/
 * zpl-pg/zpl-commands/~hs4.html, also device.host_status in the SGD reference): three lines, each
 * `<STX>fields<ETX><CR><LF>`, fields separated by commas.
 *   1: aaa,b,c,dddd,eee,f,g,h,iii,j,k,l — b paper out, c paused, eee formats in the receive buffer,
 *      f receive buffer full, h partial format, j corrupt RAM (settings lost), k under temperature,
 *      l over temperature
 *   2: mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www — o head up (open), p ribbon out, q thermal transfer mode,
 *      r print mode, t label waiting (peel-off), uuuuuuuu labels remaining in the batch
 *   3: xxxx,y — the printer's password and whether static RAM is fitted: never read
 * Flags are 1 when set. The same guide says current firmware does not answer at all while out of
 * media or ribbon, with the head open or over temperature, so those flags come from older
 * printers; the silence case stays with the caller's timeout.
 *
 * Read liberally, as an answer from real hardware: whitespace (CR, LF or none) between lines and
 * around fields, more fields than the guide lists, and bytes arriving in any pieces are fine.
 * Fewer fields than the flags need, or a flag that is not a number, is garbled, never a guess.
 */

export const HOST_STATUS_QUERY = '~HS';

export interface HostStatus {
  paperOut: boolean;
  paused: boolean;
  bufferFull: boolean;
  corruptRam: boolean;
  underTemperature: boolean;
  overTemperature: boolean;
  headOpen: boolean;
  ribbonOut: boolean;
  labelWaiting: boolean;
}

export type HostStatusRead =
  /** All three lines are in. */
  | { kind: 'complete'; status: HostStatus }
  /** More may come; `status` is set once the two lines with the flags are in. */
  | { kind: 'incomplete'; status: HostStatus | null }
  /** Not a status answer, or one broken part way; `reason` is in plain words. */
  | { kind: 'garbled'; reason: string };

const STX = '\u0002';
const ETX = '\u0003';
/** Far longer than any real line (the longest is about 35 characters): past it, it is not one. */
const MAX_LINE = 256;
/** Line 1 is read up to l (over temperature), line 2 up to t (label waiting). */
const LINE_1_FIELDS = 12;
const LINE_2_FIELDS = 8;

type Lines = { kind: 'lines'; lines: string[] } | { kind: 'garbled'; reason: string };

/** The lines whose end has arrived (a line still arriving is left for the next read). */
function frames(text: string): Lines {
  const lines: string[] = [];
  let i = 0;
  while (lines.length < 3) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) return { kind: 'lines', lines };
    if (text[i] !== STX) return { kind: 'garbled', reason: 'it does not look like a Zebra status answer' };
    const end = text.indexOf(ETX, i + 1);
    const body = text.slice(i + 1, end < 0 ? undefined : end);
    if (body.includes(STX)) return { kind: 'garbled', reason: 'one of its lines was cut short' };
    if (body.length > MAX_LINE) return { kind: 'garbled', reason: 'it is far longer than a status answer' };
    if (end < 0) return { kind: 'lines', lines };
    lines.push(body);
    i = end + 1;
  }
  return { kind: 'lines', lines };
}

function fieldsOf(line: string, needed: number, which: string): string[] | string {
  const fields = line.split(',').map((f) => f.trim());
  return fields.length >= needed
    ? fields
    : `its ${which} line has ${fields.length} values where at least ${needed} are expected`;
}

/** The two lines with the flags as a status, or why they are not one. */
function statusOf(line1: string, line2: string): HostStatus | string {
  const one = fieldsOf(line1, LINE_1_FIELDS, 'first');
  if (typeof one === 'string') return one;
  const two = fieldsOf(line2, LINE_2_FIELDS, 'second');
  if (typeof two === 'string') return two;
  let bad: string | undefined;
  const flag = (value: string): boolean => {
    if (!/^\d+$/.test(value)) bad ??= `a value that should be a number is "${value.slice(0, 12)}"`;
    return /[1-9]/.test(value);
  };
  const status: HostStatus = {
    paperOut: flag(one[1]!),
    paused: flag(one[2]!),
    bufferFull: flag(one[5]!),
    corruptRam: flag(one[9]!),
    underTemperature: flag(one[10]!),
    overTemperature: flag(one[11]!),
    headOpen: flag(two[2]!),
    // A printer set to direct thermal (q = 0) prints without a ribbon, so a ribbon sensor's reading
    // there cannot be what stops it.
    ribbonOut: flag(two[3]!) && flag(two[4]!),
    labelWaiting: flag(two[7]!),
  };
  return bad ?? status;
}

/** What the bytes received so far (latin1: the answer is ASCII) say. */
export function readHostStatus(text: string): HostStatusRead {
  const framed = frames(text);
  if (framed.kind === 'garbled') return framed;
  const { lines } = framed;
  if (lines.length < 2) return { kind: 'incomplete', status: null };
  const status = statusOf(lines[0]!, lines[1]!);
  if (typeof status === 'string') return { kind: 'garbled', reason: status };
  return lines.length === 3 ? { kind: 'complete', status } : { kind: 'incomplete', status };
}
