import { createTurns } from '../../shared/in-turn.js';
import { writeJsonAtomic } from '../common/atomic-file.js';
import { readJsonFile } from '../common/json-file.js';
import { join } from 'node:path';
import { z } from 'zod';
import { defaultTemplates, labelTemplate, type LabelTemplate } from '../../shared/labels/index.js';

export const TEMPLATE_FILE = 'label-templates.json';

const storedFile = z
  .strictObject({
    version: z.literal(1),
    templates: z.array(labelTemplate),
  })
  .refine((f) => new Set(f.templates.map((t) => t.id)).size === f.templates.length, 'Two templates share an id');

export interface LoadedTemplates {
  templates: LabelTemplate[];
  /** Set when the file was unreadable: where it was moved and why, for a banner. */
  recovered?: { movedTo: string; reason: string };
}

export interface TemplateStore {
  load(): Promise<LoadedTemplates>;
  save(templates: readonly LabelTemplate[]): Promise<void>;
  /**
   * Insert or replace by id; answers the saved list. `recovered` is set when this call found the file
   * unreadable and moved it aside: the first call to touch it may be a save, and the user must still
   * hear why their templates left the list.
   */
  put(template: LabelTemplate): Promise<LoadedTemplates>;
  /** Like put, for removing by id. */
  remove(id: string): Promise<LoadedTemplates>;
}

export interface TemplateStoreOptions {
  /** Injected so tests name the moved-aside file without patching Date. */
  now?: () => Date;
}

/**
 * Saved label templates in one JSON file in the app's data directory. A missing file means the
 * defaults; a corrupt one is moved aside (never overwritten, the user may want it back) and the
 * defaults are used, with the reason returned for the UI.
 *
 * Every call runs in turn: put and remove read the file, change the list and write it back, and
 * two of them interleaved would each write a list missing the other's change. Loads wait too, so a
 * load sees every save asked for before it, and only one call at a time can move a corrupt file.
 */
export function createTemplateStore(dataDir: string, options: TemplateStoreOptions = {}): TemplateStore {
  const file = join(dataDir, TEMPLATE_FILE);
  const now = options.now ?? (() => new Date());

  async function load(): Promise<LoadedTemplates> {
    const r = await readJsonFile(file, storedFile, now);
    if (r.kind === 'missing') return { templates: defaultTemplates() };
    if (r.kind === 'read') return { templates: r.value.templates };
    return {
      templates: defaultTemplates(),
      recovered: {
        movedTo: r.movedTo,
        reason: `Saved label templates could not be read (${r.reason}); the file was moved to ${r.movedTo} and the default templates are in use.`,
      },
    };
  }

  async function save(templates: readonly LabelTemplate[]): Promise<void> {
    const checked = storedFile.parse({ version: 1, templates: templates.map((t) => labelTemplate.parse(t)) });
    await writeJsonAtomic(file, checked, { mode: 0o644 });
  }

  async function put(template: LabelTemplate): Promise<LoadedTemplates> {
    const { templates, recovered } = await load();
    const next = [...templates.filter((t) => t.id !== template.id), template];
    await save(next);
    return { templates: next, ...(recovered ? { recovered } : {}) };
  }

  async function remove(id: string): Promise<LoadedTemplates> {
    const { templates, recovered } = await load();
    const next = templates.filter((t) => t.id !== id);
    await save(next);
    return { templates: next, ...(recovered ? { recovered } : {}) };
  }

  // The functions above call each other directly; only these entry points take turns (a turn
  // waiting on a later turn would never run).
  const inTurn = createTurns();
  return {
    load: () => inTurn(load),
    save: (templates) => inTurn(() => save(templates)),
    put: (template) => inTurn(() => put(template)),
    remove: (id) => inTurn(() => remove(id)),
  };
}
