import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';
import { interceptionAllowed, type ScanTarget } from '../../../../../renderer/lib/scan/wedge-target.js';

/**
 * The Data screen's fields as their components write them (the Svelte compiler's reading of the files),
 * asked what the page asks of them: whether the scanner hub may take a read typed into them
 * (wedge-target's interceptionAllowed, as wedge-dom asks it of the real element), and what a labsheet is
 * picked with.
 */
const data = join(import.meta.dirname, '..', '..', '..', '..', '..', 'renderer', 'workflows', 'data');

interface Element {
  name: string;
  attributes: Map<string, string | true | 'expression'>;
  ancestors: Element[];
  directives: string[];
}

/** Every element of a component, with its static attributes and its ancestors. */
function elementsOf(file: string): Element[] {
  const ast = parse(readFileSync(join(data, file), 'utf8'), { modern: true });
  const out: Element[] = [];
  const walk = (node: unknown, ancestors: Element[]): void => {
    if (node === null || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { type?: string };
    let here = ancestors;
    if (n.type === 'RegularElement' || n.type === 'Component') {
      const attributes = new Map<string, string | true | 'expression'>();
      const directives: string[] = [];
      for (const a of n.attributes as {
        type: string;
        name: string;
        value: unknown;
        expression?: { name?: string };
      }[]) {
        if (a.type === 'Attribute') {
          const v = a.value;
          attributes.set(
            a.name,
            v === true
              ? true
              : Array.isArray(v) && v.every((x: { type: string }) => x.type === 'Text')
                ? v.map((x: { data: string }) => x.data).join('')
                : 'expression',
          );
        } else directives.push(`${a.type}:${a.name}=${a.expression?.name ?? '…'}`);
      }
      const el: Element = { name: n.name as string, attributes, ancestors, directives };
      out.push(el);
      here = [el, ...ancestors];
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'parent' || k === 'attributes') continue;
      if (Array.isArray(v)) v.forEach((x) => walk(x, here));
      else if (v && typeof v === 'object' && 'type' in v) walk(v, here);
    }
  };
  walk(ast.fragment, []);
  return out;
}

/** The element as the wedge sees it: tag, type, its attributes and its ancestors' data-scan. */
function asScanTarget(el: Element): ScanTarget {
  const attr = (e: Element, name: string): string | null => {
    const v = e.attributes.get(name);
    return typeof v === 'string' && v !== 'expression' ? v : null;
  };
  return {
    tagName: el.name.toUpperCase(),
    type: attr(el, 'type') ?? '',
    getAttribute: (name) => attr(el, name),
    closest: (selector) =>
      selector === '[data-scan="off"]'
        ? ([el, ...el.ancestors].find((e) => attr(e, 'data-scan') === 'off') ?? null)
        : null,
  };
}

function field(file: string, tag: string, attribute: string, value: string): Element {
  const found = elementsOf(file).filter((e) => e.name === tag && e.attributes.get(attribute) === value);
  expect(found, `${file}: one <${tag} ${attribute}="${value}">`).toHaveLength(1);
  return found[0]!;
}

describe('Data fields a code is scanned into keep the read (data-scan="off")', () => {
  it.each([
    ['AssignToLocation.svelte', 'textarea', 'aria-label', 'Samples to assign'],
    ['LocationsPanel.svelte', 'input', 'placeholder', 'parent name or uuid'],
    ['LabflowsPanel.svelte', 'textarea', 'aria-label', 'More row uuids'],
  ])('%s: <%s %s="%s">', (file, tag, attribute, value) => {
    // The old fields let the hub take a scanned tube: "The Locations tab does not take scans".
    expect(interceptionAllowed(asScanTarget(field(file, tag, attribute, value)))).toBe(false);
  });

  it('the Manifests look-up field, as before', () => {
    expect(
      interceptionAllowed(asScanTarget(field('ManifestPanel.svelte', 'input', 'data-testid', 'manifest-query'))),
    ).toBe(false);
  });
});

describe('a labsheet is named by typing or choosing, never only from the list read once', () => {
  it.each(['AssignToLocation.svelte', 'AttachSequence.svelte'])('%s uses the labsheet picker, no <select>', (file) => {
    const els = elementsOf(file);
    // The old pickers were <select>s of the first page of the list: a labsheet not on it could not be chosen.
    expect(els.filter((e) => e.name === 'select' && e.directives.includes('BindDirective:value=labsheet'))).toEqual([]);
    const picker = els.filter((e) => e.name === 'LabsheetPicker');
    expect(picker).toHaveLength(1);
    expect(picker[0]!.directives).toContain('BindDirective:value=labsheet');
    expect(picker[0]!.attributes.get('list')).toBe('expression');
  });

  it('the picker is a text field with the list as suggestions, and offers to read the list again', () => {
    const els = elementsOf('LabsheetPicker.svelte');
    const input = els.filter((e) => e.name === 'input');
    expect(input).toHaveLength(1);
    expect(input[0]!.attributes.get('type')).toBe('text');
    expect(input[0]!.attributes.get('list')).toBe('expression');
    expect(els.filter((e) => e.name === 'datalist')).toHaveLength(1);
    expect(els.filter((e) => e.name === 'ErrorNote')).toHaveLength(1);
    expect(els.filter((e) => e.name === 'button')).toHaveLength(1);
  });
});

describe('what the panels show of their answers', () => {
  it('Labflows says a short link as a warning, not a fixed "Linked."', () => {
    const els = elementsOf('LabflowsPanel.svelte');
    // The old panel's done words were the fixed "Linked.", whatever samplesLinked said.
    expect(els.find((e) => e.name === 'WriteStatus')?.attributes.get('doneText')).toBe('expression');
    expect(els.filter((e) => e.attributes.get('data-testid') === 'link-short')).toHaveLength(1);
  });

  it('Assign samples names the lines it cannot read', () => {
    // The old box had no such line: a word past the position was dropped without a word.
    expect(
      elementsOf('AssignToLocation.svelte').filter((e) => e.attributes.get('data-testid') === 'assign-unread'),
    ).toHaveLength(1);
  });
});
