/**
 * Runs the tasks given to it one at a time, in the order given, each once the one before has settled.
 * A task's failure goes to its caller alone; the next task still runs.
 */
export type Turns = <T>(task: () => Promise<T>) => Promise<T>;

export function createTurns(): Turns {
  // Never rejects: it only marks when the last task has settled.
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}
