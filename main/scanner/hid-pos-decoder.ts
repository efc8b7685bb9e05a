import { symbologyFromAim } from '../../shared/barcode/aim.js';
import { MAX_SCAN_LENGTH } from '../../shared/barcode/scanner-settings.js';
import { incompleteScan, type IncompleteScan } from './dropped-read.js';

/**
 * Decodes the input report that HID POS ("USB HID Bar Code Scanner", usage page 0x8C) scanners
 * send, in the layout Honeywell, Zebra and Access-IS document for their HID POS mode
 * (HID Point of Sale Usage Tables: Scanned Data Report with Symbology Identifier 1–3 and
 * Decoded Data / Decoded Data Continued):
 *
 *   byte 0      report ID (0x02)
 *   byte 1      number of data bytes in this report (≤ 56)
 *   bytes 2–4   AIM symbology identifier (`]`, code, modifier), or zeros
 *   bytes 5–60  data, zero padded
 *   byte 61     vendor symbology code (Honeywell code ID)
 *   byte 62     reserved
 *   byte 63     bit 0: more data follows in the next report (a read longer than 56 bytes)
 *
 * Offsets are configurable because some firmware strips the report ID or uses another one.
 */
export interface HidPosLayout {
  /** null when the device does not number its reports (every offset then moves down by one). */
  reportId: number | null;
  lengthOffset: number;
  aimOffset: number;
  dataOffset: number;
  maxData: number;
  codeIdOffset: number;
  continuationOffset: number;
}

export const DEFAULT_HID_POS_LAYOUT: HidPosLayout = {
  reportId: 0x02,
  lengthOffset: 1,
  aimOffset: 2,
  dataOffset: 5,
  maxData: 56,
  codeIdOffset: 61,
  continuationOffset: 63,
};

export type HidPosOutput =
  | { type: 'scan'; text: string; aim?: string; symbology?: string; startedAt: number; at: number }
  | { type: 'error'; code: 'bad-report' | 'incomplete-scan' | 'read-too-long'; message: string };

/**
 * The longest read kept (a QR code holds at most 2,953 bytes). Beyond it the reports are a stuck
 * device or a flood, and an unbounded buffer is what once made main run out of stack and exit.
 */
export const MAX_READ_BYTES = MAX_SCAN_LENGTH;

/** Honeywell code IDs (byte 61) for the symbologies a lab meets, used when no AIM id was sent. */
const HONEYWELL_CODE_IDS: Record<number, string> = {
  0x6a: 'code128',
  0x49: 'gs1-128',
  0x62: 'code39',
  0x77: 'datamatrix',
  0x73: 'qr',
  0x64: 'ean-13',
  0x44: 'ean-8',
  0x65: 'itf',
  0x72: 'pdf417',
  0x7a: 'aztec',
};

interface Pending {
  bytes: number[];
  aim: string;
  codeId: number;
  startedAt: number;
  lastAt: number;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function decodeText(bytes: readonly number[]): string {
  const u8 = Uint8Array.from(bytes);
  try {
    return UTF8.decode(u8);
  } catch {
    // Code 128 / Code 39 extended ASCII is Latin-1, not UTF-8: keep every byte as its code point.
    // In slices: spreading a long array into one call overflows the stack.
    let text = '';
    for (let i = 0; i < u8.length; i += 1024) text += String.fromCharCode(...u8.subarray(i, i + 1024));
    return text;
  }
}

/** The start of a dropped read, short enough for one line on the bench. */
function preview(bytes: readonly number[]): string {
  const text = decodeText(bytes.slice(0, 40));
  return bytes.length > 40 ? `${text}…` : text;
}

export class HidPosDecoder {
  private pending: Pending | null = null;
  /** After a read ran past MAX_READ_BYTES: its remaining continuation reports are skipped. */
  private discarding = false;
  /**
   * After a read expired waiting for its continuation: the reports that come next may be its late
   * tail, which taken as a read of its own would record the end of a barcode as a whole one. They
   * are skipped up to the next one without the more-data bit, unless their AIM id shows another read.
   */
  private lateTail: { aim: string; bytes: number[] } | null = null;

  constructor(private readonly layout: HidPosLayout = DEFAULT_HID_POS_LAYOUT) {}

  /** True while a multi-report read waits for its continuation. */
  get waiting(): boolean {
    return this.pending !== null || this.discarding;
  }

  push(report: Uint8Array, at: number): HidPosOutput[] {
    const L = this.layout;
    const shift = L.reportId === null ? -1 : 0;
    if (L.reportId !== null && report[0] !== L.reportId) return []; // other reports (status, attributes) are not scans
    const need = L.dataOffset + shift;
    if (report.length <= L.lengthOffset + shift || report.length < need) {
      return [{ type: 'error', code: 'bad-report', message: `HID POS report too short (${report.length} bytes)` }];
    }
    const length = report[L.lengthOffset + shift]!;
    const start = L.dataOffset + shift;
    const out: HidPosOutput[] = [];
    if (length > L.maxData || start + length > report.length) {
      out.push(...this.dropPending('a malformed report interrupted it'));
      out.push({
        type: 'error',
        code: 'bad-report',
        message: `HID POS report claims ${length} data bytes; at most ${Math.min(L.maxData, report.length - start)} fit`,
      });
      return out;
    }
    const aim = this.readAim(report, L.aimOffset + shift);
    const codeId = report[L.codeIdOffset + shift] ?? 0;
    const contIndex = L.continuationOffset + shift;
    const more = contIndex < report.length && (report[contIndex]! & 0x01) === 1;
    const data = Array.from(report.subarray(start, start + length));

    if (this.discarding) {
      // The rest of an over-long read: skipped until its last report, then the next read starts clean.
      if (!more) this.discarding = false;
      return out;
    }
    if (this.lateTail && aim && this.lateTail.aim && aim !== this.lateTail.aim) this.lateTail = null;
    if (this.lateTail) {
      this.lateTail.bytes.push(...data.slice(0, MAX_READ_BYTES - this.lateTail.bytes.length));
      if (more) return out;
      const skipped = this.lateTail.bytes;
      this.lateTail = null;
      // An empty report (trigger released) ends the read on the scanner's side: no tail was coming.
      if (skipped.length > 0)
        out.push(incompleteScan(preview(skipped), 'it followed a dropped read and may be its late end'));
      return out;
    }
    if (this.pending && this.pending.bytes.length + data.length > MAX_READ_BYTES) {
      const head = preview(this.pending.bytes);
      this.pending = null;
      this.discarding = more;
      out.push({
        type: 'error',
        code: 'read-too-long',
        message: `A read longer than ${MAX_READ_BYTES} bytes ("${head}") was dropped: no barcode is that long. Check the scanner.`,
      });
      return out;
    }
    // A continuation carries the same AIM id (or none); a different one means the earlier read lost its tail.
    if (this.pending && aim && this.pending.aim && this.pending.aim !== aim)
      out.push(...this.dropPending('the next report belongs to another read'));
    if (!this.pending) {
      if (length === 0 && !more) return out; // an empty report (some scanners send one on trigger release)
      this.pending = { bytes: [], aim, codeId, startedAt: at, lastAt: at };
    }
    this.pending.bytes.push(...data);
    this.pending.lastAt = at;
    if (more) return out;
    out.push(this.finish(at));
    return out;
  }

  /** Drops a multi-report read whose continuation never came (scanner unplugged mid-read). */
  expire(at: number, timeoutMs: number): HidPosOutput[] {
    this.discarding = false;
    if (!this.pending || at - this.pending.lastAt < timeoutMs) return [];
    const aim = this.pending.aim;
    const out = this.dropPending(`no continuation within ${timeoutMs} ms`);
    this.lateTail = { aim, bytes: [] };
    return out;
  }

  /** The device is closing: a read under way is lost, and said so. */
  abandon(why: string): IncompleteScan | null {
    const [dropped] = this.dropPending(why);
    this.reset();
    return dropped ?? null;
  }

  reset(): void {
    this.pending = null;
    this.discarding = false;
    this.lateTail = null;
  }

  private finish(at: number): HidPosOutput {
    const p = this.pending!;
    this.pending = null;
    const aimInfo = p.aim ? symbologyFromAim(p.aim) : null;
    const symbology = aimInfo?.symbology ?? HONEYWELL_CODE_IDS[p.codeId];
    // Zero padding some scanners count in the length byte: never barcode data at the end of a read.
    let end = p.bytes.length;
    while (end > 0 && p.bytes[end - 1] === 0) end--;
    if (end === 0)
      return { type: 'error', code: 'bad-report', message: 'A read of only zero bytes came from the scanner: ignored' };
    const scan: HidPosOutput = { type: 'scan', text: decodeText(p.bytes.slice(0, end)), startedAt: p.startedAt, at };
    if (p.aim) scan.aim = p.aim;
    if (symbology) scan.symbology = symbology;
    return scan;
  }

  private dropPending(why: string): IncompleteScan[] {
    if (!this.pending) return [];
    // Cleared before anything else, so a failure describing it cannot leave the buffer stuck.
    const bytes = this.pending.bytes;
    this.pending = null;
    return [incompleteScan(preview(bytes), why)];
  }

  private readAim(report: Uint8Array, offset: number): string {
    if (report[offset] !== 0x5d) return ''; // no `]`: the scanner is not sending AIM identifiers
    const chars = [report[offset], report[offset + 1], report[offset + 2]];
    if (chars.some((c) => c === undefined || c < 0x20 || c > 0x7e)) return '';
    return String.fromCharCode(...(chars as number[]));
  }
}
