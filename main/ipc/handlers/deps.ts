import type { AppInfo, AppStatus } from '../../../shared/ipc/status.js';
import type { ConnectionMonitor } from '../../connection/monitor.js';
import type { SettingsStore } from '../../settings/store.js';
import type { EventHub } from '../events.js';

/** What the shell's own handlers need; main/app.ts builds it. */
export interface ShellDeps {
  info: AppInfo;
  settings: SettingsStore;
  live: ConnectionMonitor;
  events: EventHub;
  status(): Promise<AppStatus>;
  /**
   * The saved connection now names another service: the changes kept for it are sent now, as the
   * Outbox says a switch back does, not at the next scan.
   */
  serviceChanged?(): void;
}
