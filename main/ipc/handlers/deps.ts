import type { AppInfo, AppStatus } from '../../../shared/ipc/status.js';
import type { LiveConnection } from '../../settings/live-connection.js';
import type { SettingsStore } from '../../settings/store.js';
import type { EventHub } from '../events.js';

/** What the shell's own handlers need; main/app.ts builds it. */
export interface ShellDeps {
  info: AppInfo;
  settings: SettingsStore;
  live: LiveConnection;
  events: EventHub;
  status(): Promise<AppStatus>;
}
