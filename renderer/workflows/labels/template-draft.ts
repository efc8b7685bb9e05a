import { fromMm, labelTemplateInput, type LabelTemplate, type Symbology } from '../../../shared/labels/index.js';

/** A template as the editor's fields hold it: the size in the unit the user chose, lines as text. */
export interface TemplateDraft {
  id: string;
  name: string;
  unit: 'mm' | 'in';
  width: number;
  height: number;
  symbology: Symbology;
  barcodeField: string;
  /** One printed line per text line. */
  lines: string;
  fontSizePt: number;
  marginMm: number;
  layout: LabelTemplate['layout'];
  nonEncodable: LabelTemplate['nonEncodable'];
  minModuleMm: number;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

export function toDraft(t: LabelTemplate): TemplateDraft {
  return {
    id: t.id,
    name: t.name,
    unit: t.displayUnit,
    width: round(fromMm(t.widthMm, t.displayUnit)),
    height: round(fromMm(t.heightMm, t.displayUnit)),
    symbology: t.symbology,
    barcodeField: t.barcodeField,
    lines: t.lines.join('\n'),
    fontSizePt: t.fontSizePt,
    marginMm: t.marginMm,
    layout: t.layout,
    nonEncodable: t.nonEncodable,
    minModuleMm: t.minModuleMm,
  };
}

export type DraftResult = { ok: true; template: LabelTemplate } | { ok: false; issues: string[] };

const FIELD_NAMES: Record<string, string> = {
  widthMm: 'Width',
  heightMm: 'Height',
  size: 'Size',
  name: 'Name',
  id: 'Id',
  barcodeField: 'Barcode field',
  lines: 'Text lines',
  fontSizePt: 'Font size',
  marginMm: 'Margin',
  minModuleMm: 'Narrowest bar',
};

/** The draft through the same schema main uses, so the editor refuses exactly what a save would. */
export function parseDraft(d: TemplateDraft): DraftResult {
  const lines = d.lines
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l !== '');
  const parsed = labelTemplateInput.safeParse({
    id: d.id,
    name: d.name,
    size: { width: Number(d.width), height: Number(d.height), unit: d.unit },
    symbology: d.symbology,
    barcodeField: d.barcodeField,
    lines,
    fontSizePt: Number(d.fontSizePt),
    marginMm: Number(d.marginMm),
    layout: d.layout,
    nonEncodable: d.nonEncodable,
    minModuleMm: Number(d.minModuleMm),
  });
  if (parsed.success) return { ok: true, template: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => {
      const field = String(i.path[0] ?? '');
      // The schema speaks millimetres; the user may have typed inches, so say both.
      if (field === 'widthMm' || field === 'heightMm')
        return `${FIELD_NAMES[field]}: must be between 5 and 300 mm (0.2 to 11.8 in)`;
      return `${FIELD_NAMES[field] ?? field}${i.path.length > 1 && field === 'lines' ? ` (line ${Number(i.path[1]) + 1})` : ''}: ${i.message}`;
    }),
  };
}

/** An id for a new template from its name, not clashing with the ones taken. */
export function idFromName(name: string, taken: readonly string[]): string {
  const stem =
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'template';
  let id = stem;
  for (let n = 2; taken.includes(id); n++) id = `${stem}-${n}`;
  return id;
}
