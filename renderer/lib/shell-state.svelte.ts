import type { BenchlinkApi } from '../../shared/ipc/api.js';
import type { Settings, SettingsPatch } from '../../shared/ipc/settings.js';
import type { AppInfo, AppStatus } from '../../shared/ipc/status.js';
import type { IpcResult } from '../../shared/ipc/result.js';
import { serviceIdentity } from '../../shared/ipc/service-identity.js';

/**
 * The shell's live view of main: status, settings and app info, kept fresh by events. One
 * instance per App (passed down), never a module-level singleton.
 */
export class ShellState {
  status = $state<AppStatus | null>(null);
  settings = $state<Settings | null>(null);
  info = $state<AppInfo | null>(null);
  /**
   * True from the press of "Save connection" until main has answered (the queue is looked at first,
   * so it takes a moment). A token is kept for the saved addresses, so the token form waits meanwhile.
   * Here rather than in the Settings screen, so leaving and reopening the screen mid-save still knows.
   */
  connectionSaving = $state(false);
  /**
   * The service in use (`serviceIdentity` of the saved connection), null until the settings are read.
   * The renderer's one source for "which service": a switch arrives as settings.changed.
   */
  readonly service = $derived(this.settings ? serviceIdentity(this.settings.connection) : null);
  /** Set when main cannot be reached at all (e.g. the browser host was stopped). */
  error = $state<string | null>(null);

  readonly api: BenchlinkApi;
  #unsubscribe: Array<() => void> = [];

  constructor(api: BenchlinkApi) {
    this.api = api;
  }

  async start(): Promise<void> {
    this.#unsubscribe.push(
      this.api.subscribe('app.status', (s) => (this.status = s)),
      this.api.subscribe('settings.changed', (s) => (this.settings = s)),
    );
    const [info, status, settings] = await Promise.all([
      this.api.invoke('app.info', {}),
      this.api.invoke('app.status', {}),
      this.api.invoke('settings.get', {}),
    ]);
    this.info = this.#take(info);
    this.status = this.#take(status);
    this.settings = this.#take(settings);
  }

  stop(): void {
    for (const u of this.#unsubscribe.splice(0)) u();
  }

  async saveSettings(patch: SettingsPatch): Promise<IpcResult<Settings>> {
    const r = await this.api.invoke('settings.set', patch);
    if (r.ok) this.settings = r.value;
    return r;
  }

  async refreshStatus(): Promise<void> {
    const r = await this.api.invoke('app.status', {});
    this.status = this.#take(r) ?? this.status;
  }

  #take<T>(r: IpcResult<T>): T | null {
    if (r.ok) return r.value;
    this.error = r.error.message;
    return null;
  }
}
