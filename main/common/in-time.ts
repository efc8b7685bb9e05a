export const LATE = Symbol('late');

/**
 * `work`'s result, or LATE when it has not settled within `ms` (it goes on: the caller handles its
 * later failure). A failure within `ms` throws.
 */
export async function inTime<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
