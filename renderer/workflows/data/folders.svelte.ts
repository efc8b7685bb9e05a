import { latestOnly } from '../../lib/latest.js';
import type { Folder, Labspace } from '../../../shared/api/eln.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, type ShownError } from './lib/errors.js';
import { conflictCandidates } from './lib/folder-conflict.js';

/** The folder that permission removal acts on: by uuid when known, else by its location path. */
export type FolderTarget = { uuid: string; label: string } | { location: string; label: string };

/** Labspaces (list and one on view) and folder look-up, including the duplicate-name conflict. */
export class LabspaceBrowser {
  labspaces = $state<Array<{ name: string; uuid: string }>>([]);
  /**
   * How many labspaces the service has when its list names fewer (its `total`), as the labsheet list
   * (labsheet-browser.svelte.ts): the spec shows no query for the rest, so the screen says so. Null when
   * the list is whole (or the service sends no total).
   */
  listedOf = $state<number | null>(null);
  listError = $state<ShownError | null>(null);
  current = $state<Labspace | null>(null);
  currentError = $state<ShownError | null>(null);

  folder = $state<Folder | null>(null);
  folderError = $state<ShownError | null>(null);
  /** Set when a name matched several folders: the user picks one of these locations (or types a uuid). */
  conflict = $state<{ name: string; candidates: string[] } | null>(null);
  target = $state<FolderTarget | null>(null);

  #api: BenchlinkApi;
  readonly #views = latestOnly();
  readonly #folderFinds = latestOnly();
  constructor(api: BenchlinkApi) {
    this.#api = api;
  }

  #listRequested = false;
  ensureList(): Promise<void> {
    if (this.#listRequested) return Promise.resolve();
    this.#listRequested = true;
    return this.loadList();
  }

  async loadList(): Promise<void> {
    const r = await this.#api.invoke('lab.fetchLabspaceList', {});
    if (!r.ok) {
      this.listError = fromIpcError(r.error);
      return;
    }
    this.listError = null;
    this.labspaces = r.value.items.map((i) => ({ name: i.name, uuid: i.uuid }));
    const { total } = r.value;
    this.listedOf = total !== undefined && total > r.value.items.length ? total : null;
  }

  async view(uuid: string): Promise<void> {
    const current = this.#views.begin();
    const r = await this.#api.invoke('lab.fetchLabspace', { uuid });
    if (!current()) return;
    this.current = r.ok ? r.value.data : null;
    this.currentError = r.ok ? null : fromIpcError(r.error);
  }

  async findFolder(query: { name?: string; uuid?: string }): Promise<void> {
    this.folder = null;
    this.conflict = null;
    this.target = null;
    const current = this.#folderFinds.begin();
    const r = await this.#api.invoke('lab.fetchFolder', query);
    if (!current()) return;
    if (r.ok) {
      this.folderError = null;
      this.folder = r.value;
      this.target = { uuid: r.value.uuid, label: r.value.location ?? r.value.name };
      return;
    }
    if (r.error.kind === 'conflict' && query.name) {
      if (this.labspaces.length === 0) await this.loadList();
      this.folderError = null;
      this.conflict = {
        name: query.name,
        candidates: conflictCandidates(
          query.name,
          r.error.message,
          this.labspaces.map((l) => l.name),
        ),
      };
      return;
    }
    this.folderError = fromIpcError(r.error);
  }

  /** The user resolved a conflict by choosing a location path. */
  chooseLocation(location: string): void {
    this.conflict = null;
    this.target = { location, label: location };
  }
}
