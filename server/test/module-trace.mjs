// Module hook for provider-registry.test.ts: appends every package file the process resolves to
// the file named in `data.file`, so a test can tell which SDKs a start-up loaded.
import fs from 'node:fs';

let out;
export function initialize(data) {
  out = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (result.url.includes('/node_modules/')) fs.appendFileSync(out, `${result.url}\n`);
  return result;
}
