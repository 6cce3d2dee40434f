import { mkdirSync, statfsSync } from 'node:fs';

/**
 * A temporary directory in memory (tmpfs), for every check's TMPDIR (scripts/test-all.ts) and the
 * server suite's when run alone (scripts/server-tests.ts), when the machine has one with room.
 * The tests make thousands of short-lived files there: each test server gets a copy of the
 * seeded database (1,617 files, 46 MB), which cost 1.6 s of system CPU on this
 * machine's ext4 /tmp and 0.13 s on /dev/shm; a browser test's server start and stop took
 * 5.4-7.9 CPU-s with /tmp and 4.3-5.4 with /dev/shm (29 Nov). What the tests check is unchanged:
 * only where their scratch files live.
 */
export function memoryTmpdir(): string | undefined {
  const dir = '/dev/shm/rental-tests';
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < 4 * 2 ** 30) return undefined;
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
}
