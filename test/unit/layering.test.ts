import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of DESIGN.md, enforced on every import in the tree (VS Code style):
 * shared/ imports no Node, no electron, no DOM-only code; only main/electron imports electron; the
 * browser host imports no electron code; services never import the IPC layer (nor either shell);
 * main/common imports no service; renderer/ imports only shared/ and itself; no workflow imports
 * another; and no two folders import each other, directly or round a longer loop.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const NODE = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const NODE_ONLY_PACKAGES = [
  'ws',
  'better-sqlite3',
  'node-hid',
  'got',
  'fastify',
  '@fastify/',
  '@napi-rs/keyring',
  'electron',
];

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|svelte)$/.test(e) && !e.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(join(root, dir));
  return out;
}

/** Static imports, re-exports, dynamic import() with a literal and require() with a literal. */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

function importsOf(file: string): string[] {
  const src = code(file);
  const specs = new Set<string>();
  for (const re of [
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g,
    /import\s*['"]([^'"]+)['"]/g,
    /import\(\s*['"]([^'"]+)['"]\s*\)/g,
    /require\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]) {
    for (const m of src.matchAll(re)) specs.add(m[1]!);
  }
  return [...specs];
}

const rel = (f: string) => relative(root, f).split(sep).join('/');
const target = (file: string, spec: string) => rel(resolve(file, '..', spec));
const isPkg = (spec: string, names: string[]) =>
  names.some((n) => (n.endsWith('/') ? spec.startsWith(n) : spec === n || spec.startsWith(`${n}/`)));

describe('layering', () => {
  it('shared/ imports no Node built-ins, no electron or Node-only packages, and nothing from main/ or renderer/', () => {
    const bad: string[] = [];
    for (const f of files('shared')) {
      for (const s of importsOf(f)) {
        if (NODE.has(s) || isPkg(s, NODE_ONLY_PACKAGES)) bad.push(`${rel(f)} → ${s}`);
        else if (s.startsWith('.') && !target(f, s).startsWith('shared/')) bad.push(`${rel(f)} → ${s}`);
      }
      // DOM-only globals would break main (Node) users of shared code.
      const src = code(f);
      if (/\b(window|document|localStorage|navigator)\./.test(src)) bad.push(`${rel(f)} uses a DOM global`);
    }
    expect(bad).toEqual([]);
  });

  it("main/** outside main/electron/ never imports 'electron'", () => {
    const bad = files('main')
      .filter((f) => !rel(f).startsWith('main/electron/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((s) => s === 'electron' || s.startsWith('electron/'))
          .map((s) => `${rel(f)} → ${s}`),
      );
    expect(bad).toEqual([]);
  });

  it('the browser host imports no electron code (main/electron/)', () => {
    const bad = files('main/host').flatMap((f) =>
      importsOf(f)
        .filter((s) => s.startsWith('.') && target(f, s).startsWith('main/electron/'))
        .map((s) => `${rel(f)} → ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it('services never import the IPC layer or a shell; main/common imports no other part of main', () => {
    const SERVICES = [
      'api',
      'outbox',
      'sync',
      'cache',
      'scanner',
      'vault',
      'settings',
      'labels',
      'connection',
      'staging',
      'sandbox',
      'common',
    ];
    const bad: string[] = [];
    for (const service of SERVICES) {
      for (const f of files(`main/${service}`)) {
        for (const s of importsOf(f).filter((x) => x.startsWith('.'))) {
          const t = target(f, s);
          if (/^main\/(ipc|host|electron)\//.test(t)) bad.push(`${rel(f)} → ${s}`);
          if (service === 'common' && t.startsWith('main/') && !t.startsWith('main/common/'))
            bad.push(`${rel(f)} → ${s}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('no folder-level cycle: no two folders (main/*, shared/*, renderer/*, preload) depend on each other, however far round', () => {
    const folderOf = (path: string) => {
      const parts = path.split('/');
      return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]!;
    };
    const edges = new Map<string, Set<string>>();
    for (const top of ['main', 'shared', 'renderer', 'preload']) {
      for (const f of files(top)) {
        for (const s of importsOf(f).filter((x) => x.startsWith('.'))) {
          const [a, b] = [folderOf(rel(f)), folderOf(target(f, s))];
          if (a === b) continue;
          if (!edges.has(a)) edges.set(a, new Set());
          edges.get(a)!.add(b);
        }
      }
    }
    const cycles: string[] = [];
    const done = new Set<string>();
    const path: string[] = [];
    const visit = (n: string) => {
      if (path.includes(n)) return void cycles.push([...path.slice(path.indexOf(n)), n].join(' → '));
      if (done.has(n)) return;
      path.push(n);
      for (const m of edges.get(n) ?? []) visit(m);
      path.pop();
      done.add(n);
    };
    for (const n of edges.keys()) visit(n);
    expect(edges.size).toBeGreaterThan(10);
    expect(cycles).toEqual([]);
  });

  it('main/electron/security-policy.ts (read by tests) has no electron import', () => {
    expect(importsOf(join(root, 'main/electron/security-policy.ts'))).toEqual([]);
  });

  it('renderer/ imports only shared/, itself and browser-side packages (no Node built-ins or Node-only packages)', () => {
    const bad: string[] = [];
    for (const f of files('renderer')) {
      for (const s of importsOf(f)) {
        if (s.startsWith('.')) {
          const t = target(f, s);
          if (!t.startsWith('renderer/') && !t.startsWith('shared/')) bad.push(`${rel(f)} → ${s}`);
        } else if (NODE.has(s) || isPkg(s, NODE_ONLY_PACKAGES)) bad.push(`${rel(f)} → ${s}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('no workflow imports another workflow: what two screens share lives in renderer/lib/', () => {
    const workflowOf = (path: string) => /^renderer\/workflows\/([^/]+)\//.exec(path)?.[1];
    const bad: string[] = [];
    for (const f of files('renderer/workflows')) {
      const own = workflowOf(rel(f));
      for (const s of importsOf(f).filter((x) => x.startsWith('.'))) {
        const other = workflowOf(target(f, s));
        if (other !== undefined && other !== own) bad.push(`${rel(f)} → ${s}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('preload/ imports only electron and the shared contract', () => {
    const bad = files('preload')
      .filter((f) => !f.endsWith('vite.config.ts'))
      .flatMap((f) =>
        importsOf(f)
          .filter((s) => s !== 'electron' && !(s.startsWith('.') && target(f, s).startsWith('shared/ipc/')))
          .map((s) => `${rel(f)} → ${s}`),
      );
    expect(bad).toEqual([]);
  });
});
