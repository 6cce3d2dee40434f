import fs from 'node:fs';

/**
 * Writes a build folder whose content is fully determined by `key`, unless the folder there was
 * written with the same key (`force` skips that check), and returns whether it wrote.
 *
 * Not rewriting what would come out the same lets one build read an artifact while another run
 * asks for it again: `npm test`'s publish dry run stamps every brand while the browser tests read
 * brand 1's (an rm + copy under the reader failed CI). A rewrite goes to `<out>.next` and is
 * swapped in by two renames, so a reader finds the old folder or the new one, not half of either.
 * The key sits beside the folder (`<out>.stamp`), never inside what gets uploaded.
 */
export function writeStampedFolder(
  out: string,
  key: string,
  write: (dir: string) => void,
  force = false,
): boolean {
  const keyFile = `${out}.stamp`;
  if (
    !force &&
    fs.existsSync(out) &&
    fs.existsSync(keyFile) &&
    fs.readFileSync(keyFile, 'utf8') === key
  )
    return false;
  // A write that fails half-way leaves no key, so the next run writes again.
  fs.rmSync(keyFile, { force: true });
  const next = `${out}.next`;
  const old = `${out}.old`;
  fs.rmSync(next, { recursive: true, force: true });
  write(next);
  fs.rmSync(old, { recursive: true, force: true });
  if (fs.existsSync(out)) fs.renameSync(out, old);
  fs.renameSync(next, out);
  fs.rmSync(old, { recursive: true, force: true });
  fs.writeFileSync(keyFile, key);
  return true;
}
