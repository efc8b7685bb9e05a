import { GS } from './gs1.js';

/**
 * Texts a keyboard-wedge scanner types where a GS1 read has FNC1 (GS, 0x1d), when it is set to show
 * the separator rather than send it: `<GS>`, `{GS}`, `[GS]`, caret notation `^]`, and the control
 * picture `␝`. Taken as data, `<GS>` passed GS1's character set (CSET 82 has < > G S), so
 * `10LOT1<GS>17261130` became lot "LOT1<GS>17261130" and its expiry was lost without a word.
 *
 * Letters in any case: the same scanner with Caps Lock on types `<gs>`. Each of these holds a
 * character no GS1 value may hold (`{ } [ ] ^ ␝`) or spells the separator's name between brackets,
 * which no label prints, so it is not data. `~1` is left out: a scanner that sends `~` alone for FNC1
 * makes `~17261130` out of FNC1 + (17)261130, which read as `~1` + `7261130` gives the wrong AI.
 */
const STAND_IN = /<GS>|\{GS\}|\[GS\]|\^\]|\u241d/gi;

/** The text with every FNC1 stand-in turned into GS, and the first stand-in as read; null when it has none. */
export function fnc1StandInsAsGs(text: string): { text: string; standIn: string } | null {
  const first = new RegExp(STAND_IN.source, 'i').exec(text);
  if (!first) return null;
  return { text: text.replace(STAND_IN, GS), standIn: first[0] };
}

/** What to tell the bench about a scanner that types FNC1 as text. */
export function fnc1AsTextSaid(standIn: string): string {
  return `the scanner sent FNC1 as the text "${standIn}": set it to send GS (group separator) for FNC1`;
}

/**
 * GS1's character set 82 (every character a GS1 value may hold) and GS: a character outside both cannot
 * be data, so one in a read that fails to parse may be what a scanner sends for FNC1.
 */
const NOT_GS1 = /[^0-9A-Za-z!"%&'()*+,\-./:;<=>?_\x1d]/gu;

/**
 * The character a scanner set to send FNC1 as some other one (`^`, `@`, a space…) put between a GS1 read's
 * values, when the read parses with GS in its place; or null. Not taken as a separator: any one character
 * might be a misread, so the read stays refused, and the words name the setting to change.
 */
export function singleStandIn(text: string, parses: (withGs: string) => boolean): string | null {
  for (const ch of new Set(text.match(NOT_GS1) ?? [])) {
    // A separator stands between two values: an AI's digits follow each one.
    const between = text
      .split(ch)
      .slice(1)
      .every((next) => /^\d{2}/.test(next));
    if (between && parses(text.replaceAll(ch, GS))) return ch;
  }
  return null;
}

/** What to tell the bench about a character that, read as FNC1, makes a refused GS1 read whole. */
export function singleStandInSaid(ch: string): string {
  const said = ch === ' ' ? 'a space' : `"${ch}"`;
  return `with a group separator (FNC1) in place of each ${said} it parses: set the scanner to send GS for FNC1`;
}
