/**
 * Checks one built artifact the way a store upload would fail it: size limits, app id, every
 * route present, and no brand token left unstamped. Pure file-system reads, so it is unit-tested
 * on small fake artifacts and run by scripts/build.ts on the real ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BRAND_COLOR_PLACEHOLDER, BRAND_PLACEHOLDER } from './brand-tokens';

export type MiniTarget = 'weapp' | 'alipay';

/** WeChat and Alipay both refuse a main package over 2 MB (TOOLCHAIN.md "Platform limits"). */
export const MAX_MAIN_PACKAGE_BYTES = 2 * 1024 * 1024;

export interface ArtifactInput {
  target: MiniTarget | 'h5';
  brand?: number;
  dir: string;
  appId?: string;
  themeColor?: string;
  seconds: number;
  mainPackageBytes: number;
  totalBytes: number;
  expectedPages: string[];
}

export interface ArtifactReport extends Omit<ArtifactInput, 'expectedPages'> {
  problems: string[];
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

/** Bytes in the main package (everything outside a subpackage root) and in all. */
export function miniPackageSizes(
  dir: string,
  subRoots: string[],
): { mainPackageBytes: number; totalBytes: number } {
  let mainPackageBytes = 0;
  let totalBytes = 0;
  for (const file of files(dir)) {
    const size = fs.statSync(file).size;
    const rel = path.relative(dir, file).split(path.sep).join('/');
    totalBytes += size;
    if (!subRoots.some((subRoot) => rel.startsWith(`${subRoot}/`))) mainPackageBytes += size;
  }
  return { mainPackageBytes, totalBytes };
}

function checkMini(input: ArtifactInput & { target: MiniTarget }, problems: string[]): void {
  if (!input.appId || input.appId === 'touristappid') problems.push('app id missing');
  const projectFile = input.target === 'weapp' ? 'project.config.json' : 'mini.project.json';
  try {
    const project = JSON.parse(fs.readFileSync(path.join(input.dir, projectFile), 'utf8')) as {
      appid?: string;
    };
    if (project.appid !== input.appId)
      problems.push(`${projectFile} has app id ${project.appid ?? 'none'}`);
  } catch {
    problems.push(`${projectFile} missing or unreadable`);
  }
  let declared: string[] = [];
  try {
    const app = JSON.parse(fs.readFileSync(path.join(input.dir, 'app.json'), 'utf8')) as {
      pages?: string[];
      subPackages?: { root: string; pages: string[] }[];
      subpackages?: { root: string; pages: string[] }[];
    };
    const subs = app.subPackages ?? app.subpackages ?? [];
    declared = [...(app.pages ?? []), ...subs.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];
  } catch {
    problems.push('app.json missing or unreadable');
  }
  for (const page of input.expectedPages) {
    if (!declared.includes(page)) {
      problems.push(`route ${page} missing from app.json`);
      continue;
    }
    // Taro renders every page through the shared base template, so a page has no template of
    // its own: its script and its config must exist.
    for (const ext of ['js', 'json']) {
      if (!fs.existsSync(path.join(input.dir, `${page}.${ext}`)))
        problems.push(`${page}.${ext} missing`);
    }
  }
  if (input.mainPackageBytes > MAX_MAIN_PACKAGE_BYTES) {
    problems.push(`main package ${input.mainPackageBytes} bytes > ${MAX_MAIN_PACKAGE_BYTES}`);
  }
}

function checkH5(input: ArtifactInput, problems: string[]): void {
  if (!fs.existsSync(path.join(input.dir, 'index.html'))) problems.push('index.html missing');
  const scripts = files(input.dir).filter((f) => f.endsWith('.js'));
  const code = scripts.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  for (const page of input.expectedPages) {
    if (
      !code.includes(`"/${page}"`) &&
      !code.includes(`'/${page}'`) &&
      !code.includes(`"${page}"`)
    ) {
      problems.push(`route ${page} missing from the H5 router`);
    }
  }
}

export function checkArtifact(input: ArtifactInput): ArtifactReport {
  const problems: string[] = [];
  if (input.target === 'h5') checkH5(input, problems);
  else checkMini(input as ArtifactInput & { target: MiniTarget }, problems);
  if (input.target !== 'h5') {
    const leftover = files(input.dir).find((file) => {
      if (!/\.(js|json|wxss|acss)$/.test(file)) return false;
      const text = fs.readFileSync(file, 'utf8');
      return (
        text.includes(BRAND_PLACEHOLDER) || text.toUpperCase().includes(BRAND_COLOR_PLACEHOLDER)
      );
    });
    if (leftover) problems.push(`unstamped brand token in ${path.relative(input.dir, leftover)}`);
  }
  const { expectedPages: _pages, ...report } = input;
  return { ...report, problems };
}
