import { startOptionsFrom, type StartOptions } from '../common/start-options.js';
import type { ConnectionSetting } from '../../shared/ipc/settings.js';

/** What the Benchlink already running uses, against which a new launch's options are read. */
export interface RunningOptions {
  connection: ConnectionSetting;
  /** `--sync-timeout` it was started with (undefined: the default). */
  syncTimeoutMs?: number;
}

export interface LaunchNotice {
  message: string;
  detail: string;
}

/**
 * The command line of the launch that found Benchlink running. The second instance sends its own
 * (`requestSingleInstanceLock({ argv })`): the `argv` Electron hands over may be reordered and carry
 * Chromium's switches, so it is the fallback only.
 */
export function launchArgs(electronArgv: readonly string[], additionalData: unknown): readonly string[] {
  if (typeof additionalData === 'object' && additionalData !== null && 'argv' in additionalData) {
    const { argv } = additionalData;
    if (Array.isArray(argv) && argv.every((a): a is string => typeof a === 'string')) return argv;
  }
  return electronArgv.slice(1);
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

function describe(c: ConnectionSetting): string {
  return c.kind === 'custom' ? `${c.baseUrl} (${c.mode})` : 'the local demo sandbox';
}

/**
 * A second launch is handed to the Benchlink already running, which only comes to the front: anything
 * it asked for that differs from what runs is not done, and is said, or the user believes the bench now
 * sends to the service they named. Switching the running app to another service is not done here: what
 * its outbox holds was queued for the one it runs on. Null when nothing asked for differs.
 */
export function secondLaunchNotice(argv: readonly string[], running: RunningOptions): LaunchNotice | null {
  let asked: StartOptions;
  try {
    asked = startOptionsFrom(argv);
  } catch (err) {
    return {
      message: 'Benchlink is already running; the new start was not used.',
      detail: `${err instanceof Error ? err.message : String(err)} Benchlink goes on as it was.`,
    };
  }
  const now = describe(running.connection);
  const notDone: string[] = [];
  if (asked.service !== undefined) {
    const mode = asked.serviceMode ?? 'v2';
    const same =
      running.connection.kind === 'custom' &&
      sameUrl(running.connection.baseUrl, asked.service) &&
      running.connection.mode === mode;
    if (!same) notDone.push(`It was not switched to ${asked.service} (${mode}).`);
  }
  if (asked.resetDemo) notDone.push('The demo data was not reset.');
  if (asked.syncTimeoutMs !== undefined && asked.syncTimeoutMs !== running.syncTimeoutMs)
    notDone.push(`The sync timeout of ${asked.syncTimeoutMs / 1000} s was not applied.`);
  if (notDone.length === 0) return null;
  return {
    message: `Benchlink is already running, on ${now}.`,
    detail:
      `${notDone.join(' ')} A running Benchlink keeps the options it was started with. ` +
      'To use the new ones, close Benchlink (its queued work is kept) and start it again with them.',
  };
}
