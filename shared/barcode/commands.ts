/**
 * Command barcodes let a scientist drive a workflow without touching the keyboard: the
 * printed sheet carries `<prefix><WORD>` in Code 128, and the classifier maps it back.
 */
export const SCAN_COMMANDS = ['undo', 'redo', 'done', 'skip', 'next-plate', 'cancel', 'fill-here'] as const;
export type ScanCommand = (typeof SCAN_COMMANDS)[number];

export const DEFAULT_COMMAND_PREFIX = '#CMD:';

/** Human labels for the printed sheet. */
export const COMMAND_LABELS: Readonly<Record<ScanCommand, string>> = {
  undo: 'Undo last scan',
  redo: 'Redo',
  done: 'Done / save',
  skip: 'Skip position',
  'next-plate': 'Next plate',
  cancel: 'Cancel',
  'fill-here': 'Fill from here',
};

/**
 * A layout's command barcode names it: `#CMD:LAYOUT:qPCR NTC`. Scanning it applies that layout to the
 * open plate. Names are matched without case (a wedge with Caps Lock on types them upper-cased).
 */
export const LAYOUT_WORD = 'LAYOUT:';
export function layoutPayload(name: string, prefix = DEFAULT_COMMAND_PREFIX): string {
  return `${prefix}${LAYOUT_WORD}${name}`;
}
/** The layout name in a command word (after the prefix), or null when it is not a layout command. */
export function parseLayoutWord(word: string): string | null {
  if (word.slice(0, LAYOUT_WORD.length).toUpperCase() !== LAYOUT_WORD) return null;
  const name = word.slice(LAYOUT_WORD.length).trim();
  return name === '' ? null : name;
}

/** The text encoded in the barcode for a command, e.g. `#CMD:NEXT-PLATE`. */
export function commandPayload(command: ScanCommand, prefix = DEFAULT_COMMAND_PREFIX): string {
  return `${prefix}${command.toUpperCase()}`;
}

/**
 * Reads a command word after the prefix. `NEXT_PLATE` and `NEXTPLATE` are accepted too,
 * because sheets printed by other tools spell it those ways.
 */
export function parseCommandWord(word: string): ScanCommand | null {
  const w = word.trim().toLowerCase().replace(/[_ ]/g, '-');
  if (w === 'nextplate') return 'next-plate';
  if (w === 'fillhere') return 'fill-here';
  return (SCAN_COMMANDS as readonly string[]).includes(w) ? (w as ScanCommand) : null;
}
