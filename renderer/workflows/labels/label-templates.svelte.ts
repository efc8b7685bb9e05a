import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { TemplateList } from '../../../shared/ipc/channels/labels.js';
import type { IpcResult } from '../../../shared/ipc/result.js';
import { defaultTemplates, type LabelTemplate } from '../../../shared/labels/index.js';
import { problemFrom, type Problem } from './label-errors.js';
import { idFromName, parseDraft, toDraft, type TemplateDraft } from './template-draft.js';

/**
 * The template list (built-in and saved, from main's store) and the editor. While editing, the
 * preview follows the draft as soon as it is a valid template, so sizes can be tried before saving.
 */
export class LabelTemplates {
  list = $state<LabelTemplate[]>([]);
  builtIn = $state<string[]>([]);
  /** The saved file was unreadable and moved aside; shown until dismissed. */
  recovered = $state<string | null>(null);
  chosenId = $state('');
  draft = $state<TemplateDraft | null>(null);
  problem = $state<Problem | null>(null);
  message = $state('');

  constructor(readonly api: BenchlinkApi) {}

  readonly chosen: LabelTemplate | null = $derived(
    this.list.find((t) => t.id === this.chosenId) ?? this.list[0] ?? null,
  );
  readonly draftResult = $derived(this.draft ? parseDraft(this.draft) : null);
  /** What the preview and the exports use. */
  readonly active: LabelTemplate | null = $derived(this.draftResult?.ok ? this.draftResult.template : this.chosen);
  readonly isBuiltIn = $derived(this.chosen !== null && this.builtIn.includes(this.chosen.id));
  /** A built-in the user changed: only then is there something to reset. */
  readonly isChangedBuiltIn = $derived.by(() => {
    const chosen = this.chosen;
    const original = chosen && this.isBuiltIn ? defaultTemplates().find((t) => t.id === chosen.id) : undefined;
    return original !== undefined && canonical(original) !== canonical(chosen!);
  });

  async load(): Promise<void> {
    this.#take(await this.api.invoke('labels.templates.list', {}), 'Loading label templates failed');
  }

  /** A sensible first choice for a source: the plate-side label for plates, the tube label otherwise. */
  suggest(id: string): void {
    if (this.draft === null && this.list.some((t) => t.id === id)) this.chosenId = id;
  }

  choose(id: string): void {
    this.chosenId = id;
    this.draft = null;
    this.problem = null;
  }

  edit(): void {
    if (this.chosen) this.draft = toDraft(this.chosen);
    this.message = '';
    this.removed = null;
  }

  cancel(): void {
    this.draft = null;
    this.problem = null;
  }

  /** Save over the chosen template (for a built-in one: the user's version of it). */
  async save(asNew: boolean): Promise<boolean> {
    const d = this.draft;
    if (!d) return false;
    const next = asNew
      ? {
          ...d,
          id: idFromName(
            d.name,
            this.list.map((t) => t.id),
          ),
        }
      : d;
    const parsed = parseDraft(next);
    if (!parsed.ok) {
      this.problem = { title: 'The template cannot be saved', reasons: parsed.issues };
      return false;
    }
    const ok = this.#take(
      await this.api.invoke('labels.templates.save', { template: parsed.template }),
      'Saving the template failed',
    );
    if (ok) {
      this.chosenId = parsed.template.id;
      this.draft = null;
      this.message = `Saved "${parsed.template.name}".`;
      // Put back now, the deleted one could write over this one (a new template may take its id).
      this.removed = null;
    }
    return ok;
  }

  /**
   * The template last deleted, or a built-in's changes last reset, for Undo: one click took a template
   * the lab had measured and tuned, with no way back but typing it in again. Null once put back.
   */
  removed = $state<{ template: LabelTemplate; builtIn: boolean } | null>(null);

  /** Deletes a saved template; for a built-in one, drops the user's changes. */
  async remove(): Promise<void> {
    const t = this.chosen;
    if (!t) return;
    const builtIn = this.isBuiltIn;
    // A plain copy, to be saved again over the IPC (Electron's contextBridge cannot clone Svelte's proxies).
    const template = $state.snapshot(t) as LabelTemplate;
    if (
      this.#take(
        await this.api.invoke('labels.templates.remove', { id: t.id }),
        builtIn ? 'Resetting the template failed' : 'Deleting the template failed',
      )
    ) {
      this.message = builtIn ? `"${t.name}" is back to its default settings.` : `Deleted "${t.name}".`;
      this.removed = { template, builtIn };
      if (!builtIn) this.chosenId = this.list[0]?.id ?? '';
      this.draft = null;
    }
  }

  /** The template last deleted (or the built-in's changes last reset) saved again, and chosen. */
  async undoRemove(): Promise<boolean> {
    const r = this.removed;
    if (!r) return false;
    const ok = this.#take(
      await this.api.invoke('labels.templates.save', { template: r.template }),
      'Putting the template back failed',
    );
    if (ok) {
      this.removed = null;
      this.chosenId = r.template.id;
      this.draft = null;
      this.message = r.builtIn ? `Your changes to "${r.template.name}" are back.` : `"${r.template.name}" is back.`;
    }
    return ok;
  }

  #take(r: IpcResult<TemplateList>, title: string): boolean {
    if (!r.ok) {
      this.problem = problemFrom(title, r.error);
      return false;
    }
    this.problem = null;
    this.list = r.value.templates;
    this.builtIn = r.value.builtIn;
    this.recovered = r.value.recovered ?? this.recovered;
    if (!this.list.some((t) => t.id === this.chosenId)) this.chosenId = this.list[0]?.id ?? '';
    return true;
  }
}

/** Key order may differ between a parsed file and the defaults; compare the values. */
const canonical = (t: LabelTemplate): string =>
  JSON.stringify(Object.entries(t).sort(([a], [b]) => a.localeCompare(b)));
