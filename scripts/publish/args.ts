/** The command line of `npm run publish`, parsed without touching the file system or git. */
import { isPlatformId, PLATFORM_IDS } from '../../contract/http';
import type { MiniTarget } from '../artifact-checks';

export const USAGE = `usage: npm run publish -- --target weapp|alipay|all --brand N|N,M|all [options]

  --target weapp|alipay|all   which platforms
  --brand N, N,M,... or all   which brands (1-9)
  --version X.Y.Z             version to upload (default: package.json's version)
  --desc "..."                version description (default: the last commit's subject)
  --dry-run                   build and check everything, WeChat's own compile included; upload nothing
  --preview                   WeChat: also make a preview QR code (dist/publish/weapp-N-preview.jpg)
  --experience                Alipay: set the uploaded version as the experience version
  --help                      this text`;

export interface PublishOptions {
  targets: MiniTarget[];
  brands: number[];
  /** Undefined: package.json's version (filled in by the caller). */
  version?: string;
  /** Undefined: the last commit's subject (filled in by the caller). */
  description?: string;
  dryRun: boolean;
  preview: boolean;
  experience: boolean;
}

export class UsageError extends Error {}

/** The brands are the platform ids (contract/http.ts): a new brand's id is accepted here too. */
const ALL_BRANDS: number[] = [...PLATFORM_IDS];
const BRAND_RANGE = `${ALL_BRANDS[0]}-${ALL_BRANDS[ALL_BRANDS.length - 1]}`;
/** Both stores take a three-part numeric version. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+$/;

function parseTargets(raw: string): MiniTarget[] {
  if (raw === 'all') return ['weapp', 'alipay'];
  if (raw === 'weapp' || raw === 'alipay') return [raw];
  throw new UsageError(`--target must be weapp, alipay or all, got ${JSON.stringify(raw)}`);
}

function parseBrands(raw: string): number[] {
  if (raw === 'all') return ALL_BRANDS;
  const parts = raw.split(',');
  if (!parts.every((part) => /^\d+$/.test(part) && isPlatformId(Number(part))))
    throw new UsageError(
      `--brand must be ${BRAND_RANGE}, a list such as 1,4,7, or all, got ${JSON.stringify(raw)}`,
    );
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/** Parses the arguments after `--`; `null` means `--help` was asked for. */
export function parsePublishArgs(argv: readonly string[]): PublishOptions | null {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const valued = ['--target', '--brand', '--version', '--desc'];
  const switches = ['--dry-run', '--preview', '--experience', '--help'];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (valued.includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--')))
        throw new UsageError(`${name} needs a value`);
      if (values.has(name)) throw new UsageError(`${name} given twice`);
      values.set(name, value);
    } else if (switches.includes(arg)) {
      flags.add(arg);
    } else {
      throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    }
  }
  if (flags.has('--help')) return null;
  // No defaults for what and whom to publish: a bare `npm run publish` must not ship nine brands.
  const target = values.get('--target');
  if (target === undefined) throw new UsageError('--target is required');
  const targets = parseTargets(target);
  const brand = values.get('--brand');
  if (brand === undefined) throw new UsageError('--brand is required');
  const version = values.get('--version');
  if (version !== undefined && !VERSION_PATTERN.test(version))
    throw new UsageError(`--version must look like 1.2.3, got ${JSON.stringify(version)}`);
  const description = values.get('--desc');
  if (description !== undefined && !description.trim())
    throw new UsageError('--desc must not be empty');
  return {
    targets,
    brands: parseBrands(brand),
    version,
    description,
    dryRun: flags.has('--dry-run'),
    preview: flags.has('--preview'),
    experience: flags.has('--experience'),
  };
}
