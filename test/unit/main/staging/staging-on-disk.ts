import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import {
  createUploadStaging,
  DEFAULT_STAGING_LIMITS,
  type StagedFile,
  type UploadStaging,
} from '../../../../main/staging/index.js';
import type { IntervalTimers } from '../../../../main/common/interval-timers.js';
import { fakeNow, tempDir } from '../outbox/helpers.js';

interface Parts {
  clock: ReturnType<typeof fakeNow>;
  outbox: Outbox;
  staging: UploadStaging;
  /** A timer for a schedule: it fires when the test says (check). */
  timers: IntervalTimers;
}

/**
 * A real staging folder and outbox in a fresh folder for each test of the suite, with the clock and the
 * schedules' timer injected. `schedules` are started before each test and stopped after it.
 */
export function stagingPerTest(
  label: string,
  schedules: (parts: Parts) => (() => void)[] = () => [],
  /** The service in use, as main's connection says it (the outbox's default without). */
  service?: () => string,
) {
  let t: ReturnType<typeof tempDir>;
  let parts: Parts;
  let stops: (() => void)[] = [];
  let tick: (() => void) | null = null;
  const timers: IntervalTimers = {
    setInterval: (fn) => (tick = fn),
    clearInterval: () => (tick = null),
  };
  beforeEach(() => {
    t = tempDir(label);
    const clock = fakeNow();
    parts = {
      clock,
      outbox: createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now, ...(service ? { service } : {}) }),
      staging: createUploadStaging(path.join(t.dir, 'staging'), DEFAULT_STAGING_LIMITS, clock.now),
      timers,
    };
    tick = null;
    stops = schedules(parts);
  });
  const stopSchedules = () => {
    for (const stop of stops.splice(0)) stop();
  };
  afterEach(() => {
    stopSchedules();
    parts.outbox.close();
    t.cleanup();
  });
  return {
    get dir() {
      return t.dir;
    },
    get clock() {
      return parts.clock;
    },
    get outbox() {
      return parts.outbox;
    },
    get staging() {
      return parts.staging;
    },
    stagingDir: () => path.join(t.dir, 'staging'),
    /** Whether a schedule's timer is set. */
    ticking: () => tick !== null,
    stopSchedules,
    /** The timer fires, and its removals finish. */
    async check(): Promise<void> {
      tick?.();
      await new Promise((r) => setTimeout(r, 50));
    },
    /** A file written beside the staging folder and staged from the page, with its ticket. */
    async stage(name: string): Promise<{ stagedId: string } & StagedFile> {
      const src = path.join(t.dir, name);
      writeFileSync(src, `bytes of ${name}`);
      return parts.staging.stagePath(src, name, { id: 'page' });
    },
  };
}
