/**
 * NOTE(h5): a picture picked on H5 is a `blob:` URL, which has lost the file's own name; the
 * upload sends the name the user's file had (as a mini-program's temp path keeps its own), so
 * what the server sees (the sandboxes read test cues from it: README "Sandboxes") is what was
 * picked. Names are kept only for this page's life.
 */
const names = new Map<string, string>();

export function rememberPickedName(path: string, name: string | undefined): void {
  if (name) names.set(path, name);
}

export function pickedName(path: string): string | undefined {
  return names.get(path);
}
