/**
 * Publishing one release: build, check each brand's artifact against the store's limits, then
 * hand it to the platform's vendor client (check it offline on a dry run, upload it otherwise).
 * The vendor tools sit behind `VendorClient`, so this is tested with fakes; scripts/publish.ts
 * wires in the real ones.
 */
import fs from 'node:fs';
import {
  checkArtifact,
  miniArtifactInput,
  syntaxProblems,
  type MiniTarget,
} from '../artifact-checks';
import { BRAND_RECORDS } from '../../contract/brands/records';
import type { Brand } from '../../contract/brands/types';
import type { ConsoleList } from '../mini-network';
import type { PublishOptions } from './args';
import { redact, SecretError, type Credentials, type SecretSource } from './secrets';

export interface Artifact {
  target: MiniTarget;
  brand: Brand;
  dir: string;
  appId: string;
}

export interface Release {
  version: string;
  description: string;
  /** WeChat: make a preview QR code as well. */
  preview: boolean;
  /** Alipay: set the upload as the experience version. */
  experience: boolean;
}

/** One platform's publishing tool (miniprogram-ci, minidev), or a fake of it. */
export interface VendorClient {
  /** What is used, for the report: "miniprogram-ci 2.1.42". */
  readonly tool: string;
  /** This brand's keys; throws SecretError naming the variable to set. */
  credentials(brand: number, source: SecretSource): Credentials;
  /** The strongest check the vendor's tool can make without the network; says what it proved. */
  verify(artifact: Artifact): Promise<string>;
  /** Uploads; says what the vendor answered (version, package sizes, QR code). */
  upload(artifact: Artifact, release: Release, credentials: Credentials): Promise<string>;
}

export type Outcome = 'uploaded' | 'checked' | 'failed';

export interface PublishResult {
  target: MiniTarget;
  brand: number;
  appId: string;
  mainPackageBytes?: number;
  totalBytes?: number;
  /**
   * The domains the platform's console must list for this artifact (scripts/mini-network.ts):
   * WeChat's request, uploadFile, downloadFile and web-view lists, Alipay's server and web-view
   * whitelists. A list is empty when the artifact's API origin could not be published.
   */
  domains?: Partial<Record<ConsoleList, string[]>>;
  outcome: Outcome;
  detail: string;
  seconds: number;
}

export interface PublishDeps {
  clients: Record<MiniTarget, VendorClient>;
  /** Builds one target's artifacts for these brands; false when the build failed. */
  build(target: MiniTarget, brands: readonly number[]): Promise<boolean>;
  artifactDir(target: MiniTarget, brand: number): string;
  secrets: SecretSource;
  /** One line per finished row, as it finishes (uploads take minutes). */
  log(line: string): void;
  /** How long a vendor call may take before its row fails; defaults below. */
  timeouts?: { verify: number; upload: number };
}

/** Generous: a WeChat compile takes about 5 s here, an upload of 1.3 MB well under a minute. */
export const DEFAULT_TIMEOUTS = { verify: 3 * 60_000, upload: 15 * 60_000 };

/** A vendor call that never settles (a tool stuck on the network) fails its row, not the run. */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export type PublishRequest = Pick<PublishOptions, 'targets' | 'brands' | 'dryRun'> & Release;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function publishOne(
  artifact: Artifact,
  request: PublishRequest,
  deps: PublishDeps,
  row: PublishResult,
): Promise<void> {
  if (!fs.existsSync(artifact.dir)) throw new Error(`${artifact.dir} missing`);
  const report = checkArtifact(miniArtifactInput(artifact.target, artifact.brand, artifact.dir));
  row.mainPackageBytes = report.mainPackageBytes;
  row.totalBytes = report.totalBytes;
  row.domains = report.domains;
  const syntax = syntaxProblems(artifact.dir);
  const problems = [...report.problems, ...syntax.problems];
  if (problems.length) throw new Error(problems.join('; '));
  const client = deps.clients[artifact.target];
  const timeouts = deps.timeouts ?? DEFAULT_TIMEOUTS;
  if (request.dryRun) {
    const verified = await withTimeout(client.verify(artifact), timeouts.verify, client.tool);
    row.outcome = 'checked';
    row.detail = `store limits, app id, pages and API origin ok; ${syntax.files} files parse; ${verified}`;
    return;
  }
  const credentials = client.credentials(artifact.brand.id, deps.secrets);
  try {
    row.detail = await withTimeout(
      client.upload(artifact, request, credentials),
      timeouts.upload,
      `${client.tool} upload`,
    );
    row.outcome = 'uploaded';
  } catch (error) {
    throw new Error(redact(message(error), Object.values(credentials)));
  }
}

/**
 * Publishes every requested brand on every requested platform. A failure fails that row only:
 * the rest are still tried, and the caller exits non-zero if any row failed.
 */
export async function publish(
  request: PublishRequest,
  deps: PublishDeps,
): Promise<PublishResult[]> {
  const built = new Map<MiniTarget, boolean>();
  // Build everything first, so a compile error shows before anything reaches a store.
  for (const target of request.targets) built.set(target, await deps.build(target, request.brands));
  const results: PublishResult[] = [];
  for (const target of request.targets) {
    for (const id of request.brands) {
      const brand = BRAND_RECORDS[id - 1];
      const appId = target === 'weapp' ? brand.wxAppId : brand.alipayAppId;
      const row: PublishResult = {
        target,
        brand: id,
        appId,
        outcome: 'failed',
        detail: '',
        seconds: 0,
      };
      const started = Date.now();
      try {
        // A failed build may have left an older artifact behind: never publish that.
        if (!built.get(target)) throw new Error('build failed (its output is above)');
        const artifact = { target, brand, dir: deps.artifactDir(target, id), appId };
        await publishOne(artifact, request, deps, row);
      } catch (error) {
        row.outcome = 'failed';
        row.detail =
          error instanceof SecretError ? `credentials: ${error.message}` : message(error);
      }
      row.seconds = (Date.now() - started) / 1000;
      results.push(row);
      deps.log(
        `${target} brand ${id}: ${row.outcome}${row.detail ? ` — ${firstLine(row.detail)}` : ''}`,
      );
    }
  }
  return results;
}

export const firstLine = (text: string, max = 160) => {
  const line = text.split('\n')[0];
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
