// Waiting for something that may never settle, at most so long, during a close: the timer is
// referenced (the process stays up for it: with an unreferenced one a process with nothing else
// to do ends mid-await, exit code 13) and cleared as soon as the wait ends.

/** Resolves true once `p` settles (fulfilled or rejected), false when `ms` pass first. */
export async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => (timer = setTimeout(() => done(false), ms)));
  try {
    return await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
