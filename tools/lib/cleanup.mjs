// @ts-check
// Cleanup of the bench and the drills: everything started or created registers its undo; it runs
// at the end, on an error, and on Ctrl-C, so scratch databases and processes never outlive a run.

/** @type {Array<() => unknown>} */
const cleanups = [];
/** @type {Promise<void> | undefined} */
let cleaning;
let signalsInstalled = false;

/** Registers an undo, run in reverse order of registration. @param {() => unknown} fn */
export function onCleanup(fn) {
  if (!signalsInstalled) {
    signalsInstalled = true;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      process.once(signal, () => {
        console.error(`\n${signal}: cleaning up…`);
        void cleanupAll().finally(() => process.exit(130));
      });
    }
  }
  cleanups.push(fn);
}

/** Runs every registered undo once (later calls wait for the same run). */
export function cleanupAll() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = /** @type {() => unknown} */ (cleanups.pop());
      try {
        await fn();
      } catch (error) {
        console.error('cleanup:', /** @type {Error} */ (error)?.message ?? error);
      }
    }
  })();
  return cleaning;
}

/**
 * The end of a measurement script: cleanup, then exit with `process.exitCode` (0 by default), or
 * print the error, clean up and exit 1.
 * @param {Promise<unknown>} run
 */
export function finish(run) {
  run
    .then(() => cleanupAll())
    .then(() => process.exit(process.exitCode ?? 0))
    .catch(async (error) => {
      console.error(error?.stack ?? error);
      await cleanupAll();
      process.exit(1);
    });
}
