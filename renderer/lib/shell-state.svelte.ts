import type { BenchlinkApi, ConnectAttempt, HostSilence } from '../../shared/ipc/api.js';
import type { Settings, SettingsPatch } from '../../shared/ipc/settings.js';
import type { AppInfo, AppStatus } from '../../shared/ipc/status.js';
import type { IpcResult } from '../../shared/ipc/result.js';
import { serviceIdentity } from '../../shared/ipc/service-identity.js';
import { useLabShapes } from './scan-input/scan-kind.js';

/** Reads of info, status and settings at start while the host cannot be reached: about two minutes. */
const READ_ATTEMPTS = 30;

/**
 * The shell's live view of main: status, settings and app info, kept fresh by events. One
 * instance per App (passed down), never a module-level singleton.
 */
export class ShellState {
  status = $state<AppStatus | null>(null);
  #settings = $state<Settings | null>(null);
  get settings(): Settings | null {
    return this.#settings;
  }
  /** Every read of the settings lands here: the lab's barcode shapes go to the classifier all screens use. */
  set settings(s: Settings | null) {
    this.#settings = s;
    if (s) useLabShapes(s.barcodeShapes);
  }
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
  /** Set while main has the page's calls and has stopped answering (browser host only; see watchHost). */
  hostSilent = $state<HostSilence | null>(null);
  /**
   * Set while the reads wait for a connection attempt to main (browser host): one started by itself
   * or by an earlier round, which a "Try again" pressed now joins rather than starts afresh.
   */
  connecting = $state<ConnectAttempt | null>(null);

  readonly api: BenchlinkApi;
  #unsubscribe: Array<() => void> = [];

  constructor(api: BenchlinkApi) {
    this.api = api;
  }

  async start(): Promise<void> {
    this.#unsubscribe.push(
      this.api.subscribe('app.status', (s) => (this.status = s)),
      this.api.subscribe('settings.changed', (s) => {
        this.#settingsChanges++;
        this.settings = s;
      }),
      this.api.watchHost?.((s) => (this.hostSilent = s)) ?? (() => undefined),
    );
    await this.#read(0);
  }

  stop(): void {
    this.#stopped = true;
    for (const u of this.#unsubscribe.splice(0)) u();
    if (this.#retry !== null) clearTimeout(this.#retry);
    this.#retry = null;
  }

  #retry: ReturnType<typeof setTimeout> | null = null;
  /** A read in flight when the shell stops schedules no other. */
  #stopped = false;
  /** Bumped by every fresh start of the reads: an older round's answers may land, but it schedules nothing. */
  #round = 0;

  /**
   * Reads info, status and settings again now, from a fresh count of attempts: the user's "Try again"
   * when they could not be read (the host was down, or did not answer in time).
   */
  readAgain(): Promise<void> {
    if (this.#retry !== null) clearTimeout(this.#retry);
    return this.#read(0);
  }

  /**
   * Info, status and settings. A page that loaded while its host was starting or restarting could
   * not read them, and without settings no bench screen is drawn and a held scan is not placed: it
   * reads again until the host answers (the socket reconnects by itself), for a bounded time. Each is
   * taken as it answers: the settings (what Settings draws) never wait behind a slower status.
   */
  async #read(attempt: number): Promise<void> {
    this.#retry = null;
    const round = ++this.#round;
    const reads = Promise.all([
      this.api.invoke('app.info', {}).then((r) => {
        if (r.ok) this.info = r.value;
        return r;
      }),
      this.api.invoke('app.status', {}).then((r) => {
        if (r.ok) this.status = r.value;
        return r;
      }),
      this.api.invoke('settings.get', {}).then((r) => {
        if (r.ok) this.settings = r.value;
        return r;
      }),
    ]);
    // The calls are made: one that has to open the connection first waits on this attempt.
    this.connecting = this.api.connecting?.() ?? null;
    const [info, status, settings] = await reads;
    if (round !== this.#round) return;
    this.connecting = null;
    const failed = [info, status, settings].find((r) => !r.ok);
    if (!failed || failed.ok) {
      this.error = null;
      return;
    }
    const again = failed.error.code === 'disconnected' && attempt < READ_ATTEMPTS;
    this.error = again
      ? `${failed.error.message} Trying again…`
      : failed.error.code === 'disconnected'
        ? `${failed.error.message} Reload the page (F5) once Benchlink is running.`
        : failed.error.message;
    if (again && !this.#stopped)
      this.#retry = setTimeout(() => void this.#read(attempt + 1), Math.min(250 * 2 ** attempt, 5000));
  }

  /** Counts settings.changed events seen, so an answer can tell whether one came after it was asked. */
  #settingsChanges = 0;

  async saveSettings(patch: SettingsPatch): Promise<IpcResult<Settings>> {
    const seen = this.#settingsChanges;
    const r = await this.api.invoke('settings.set', patch);
    // Main sends settings.changed for every save, this one's included, before it answers. One seen
    // since the call went out is at least as new as this answer (it may be another window's later
    // change): taking the answer then would put back a list that change had already replaced.
    if (r.ok && this.#settingsChanges === seen) this.settings = r.value;
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
