/**
 * The failed tests in a check's output, for the end of `npm test` (scripts/test-all.ts): CI shows
 * the tail of a long log, and a failure printed twenty minutes earlier must still be readable there.
 */

/** The most lines of one failure kept for the digest: its name, place and message, not its stack. */
const FAILURE_LINES = 16;

/**
 * Picks the failed tests out of a check's output: node:test's spec reporter (what `node --test`
 * prints: its closing `✖ failing tests:` list, each `test at <file:line>`, `✖ name` and the
 * message, up to the stack), its TAP reporter (`not ok N - name` and its YAML block up to the
 * stack) and Jest's (`● suite › name` and the message under it). A suite failed only because a
 * test in it did (`subtestsFailed`) is left out: its test is listed already; so are Jest's
 * `● Console` blocks (a test's logging) and its summary's second copy of each failure.
 */
export function failureDigest(lines: readonly string[]): string[] {
  const digest: string[] = [];
  const seen = new Set<string>();
  let block: string[] | undefined;
  // Inside the spec reporter's closing list (the ✖ lines above it name suites and tests alike).
  let specFailures = false;
  const close = () => {
    if (block && !block.some((line) => line.includes("failureType: 'subtestsFailed'")))
      digest.push(...block.slice(0, FAILURE_LINES));
    block = undefined;
  };
  for (const line of lines) {
    if (line.trim() === '✖ failing tests:') {
      close();
      specFailures = true;
    } else if (
      (specFailures && /^\s*test at /.test(line)) ||
      /^\s*not ok \d+ - /.test(line) ||
      /^\s*● /.test(line)
    ) {
      close();
      const title = line.trim();
      const repeated = title.startsWith('●') && (title === '● Console' || seen.has(title));
      seen.add(title);
      if (!repeated) block = [line];
    } else if (block) {
      const trimmed = line.trim();
      if (trimmed === '...' || /^stack:/.test(trimmed) || /^at /.test(trimmed)) close();
      else if (block.length < FAILURE_LINES) block.push(line);
    }
  }
  close();
  return digest;
}
