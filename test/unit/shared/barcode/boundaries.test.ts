import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules from DESIGN.md for the scanner feature's folders, checked on the source:
 * shared/ imports no Node and no DOM, main/ no electron, and in renderer/lib/scan only the
 * DOM binding may touch DOM globals, so the detector stays testable and reusable.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');

function sources(dir: string): Array<{ file: string; text: string; imports: string[] }> {
  return readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => {
      const text = readFileSync(join(ROOT, dir, f), 'utf8');
      const imports = [
        ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\('([^']+)'\)|require\('([^']+)'\)/g),
      ].map((m) => m[1] ?? m[2] ?? m[3]!);
      return { file: `${dir}/${f}`, text, imports };
    });
}

const DOM_GLOBALS = /\b(window|document|navigator|KeyboardEvent|InputEvent|CustomEvent|HTMLElement|localStorage)\b/;

describe('layer boundaries of the scanner feature', () => {
  it('shared/barcode imports only zod and shared/, and uses no Node or DOM globals', () => {
    for (const s of sources('shared/barcode')) {
      for (const i of s.imports)
        expect(
          i === 'zod' || (i.startsWith('.') && resolve(ROOT, 'shared/barcode', i).startsWith(join(ROOT, 'shared'))),
          `${s.file} imports ${i}`,
        ).toBe(true);
      expect(DOM_GLOBALS.test(s.text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')), `${s.file} uses a DOM global`).toBe(
        false,
      );
      expect(/\bprocess\.|\bBuffer\b/.test(s.text), `${s.file} uses a Node global`).toBe(false);
    }
  });

  it('main/scanner never imports electron', () => {
    for (const s of sources('main/scanner'))
      for (const i of s.imports)
        expect(i === 'electron' || i.startsWith('electron/'), `${s.file} imports ${i}`).toBe(false);
  });

  it('renderer/lib/scan imports only itself and shared/, and only wedge-dom.ts touches the DOM', () => {
    for (const s of sources('renderer/lib/scan')) {
      for (const i of s.imports) {
        const target = relative(ROOT, resolve(ROOT, 'renderer/lib/scan', i));
        expect(
          i.startsWith('.') && (target.startsWith('renderer/lib/scan') || target.startsWith('shared')),
          `${s.file} imports ${i}`,
        ).toBe(true);
      }
      if (!s.file.endsWith('wedge-dom.ts'))
        expect(DOM_GLOBALS.test(s.text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')), `${s.file} uses a DOM global`).toBe(
          false,
        );
    }
  });
});
