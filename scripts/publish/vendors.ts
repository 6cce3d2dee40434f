/**
 * The real vendor clients: WeChat's miniprogram-ci and Alipay's minidev. Both are loaded only
 * when used (about 2 s each), so `--help`, argument errors and the unit tests never load them.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Artifact, Release, VendorClient } from './run';
import { alipayCredentials, weappCredentials, type Credentials } from './secrets';

type MiniprogramCi = typeof import('miniprogram-ci');
type CiProjectOptions = ConstructorParameters<MiniprogramCi['Project']>[0];

const packageVersion = (name: string): string =>
  (require(`${name}/package.json`) as { version: string }).version;

/**
 * Runs `task` with console output collected instead of printed: both tools log freely (compiler
 * progress, a failed look-up they recover from), which would bury the publish table. The lines
 * are returned for an error message.
 */
async function quietly<T>(task: () => Promise<T>): Promise<T> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  const saved = { ...console };
  Object.assign(console, { log: keep, info: keep, warn: keep, error: keep, debug: keep });
  try {
    return await task();
  } catch (error) {
    const tail = lines.slice(-5).join('\n');
    const text = error instanceof Error ? error.message : String(error);
    throw new Error(tail ? `${text}\n${tail}` : text);
  } finally {
    Object.assign(console, saved);
  }
}

/**
 * A loopback port that drops every connection. The dry run makes it miniprogram-ci's proxy, so
 * the one request its compile makes (the list of allowed file extensions, which has a built-in
 * fallback) fails at once and nothing reaches WeChat, on a connected machine too.
 */
async function droppingProxy(): Promise<{ url: string }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  // Never keeps the process alive; it dies with it.
  server.unref();
  return { url: `http://127.0.0.1:${port}` };
}

/**
 * The compile settings of every WeChat upload and dry run: project.config.json's own (es6 and
 * minify off: Taro's output is already compiled and minified), as the IDE would use them, so the
 * dry run compiles exactly what an upload compiles.
 */
const WEAPP_COMPILE_SETTING = { useProjectConfig: true } as const;

/**
 * The miniprogram-ci client. `ci.Project` normally asks WeChat's server for the app's attributes
 * (signed with the upload key); the dry run gives them locally instead (`attr`), as the values
 * miniprogram-ci itself falls back to: an ordinary mini-program, not a third-party platform's,
 * with the store's package limits. That is what lets its compile run without key or network.
 */
export function weappClient(previewDir: string): VendorClient {
  let ci: MiniprogramCi | undefined;
  const load = (): MiniprogramCi => (ci ??= require('miniprogram-ci') as MiniprogramCi);
  let proxy: Promise<{ url: string }> | undefined;
  const tool = `miniprogram-ci ${packageVersion('miniprogram-ci')}`;

  const project = (artifact: Artifact, privateKey: string, offline: boolean) => {
    const options: CiProjectOptions & { attr?: () => Promise<unknown> } = {
      appid: artifact.appId,
      type: 'miniProgram',
      projectPath: artifact.dir,
      privateKey,
      ...(offline ? { attr: async () => ({ ...load().DefaultProjectAttr }) } : {}),
    };
    return new (load().Project)(options);
  };

  return {
    tool,
    credentials: (brand, source) => weappCredentials(brand, source),

    async verify(artifact) {
      const started = Date.now();
      proxy ??= droppingProxy();
      const proxyUrl = (await proxy).url;
      // Loading and pointing it at the proxy both log; inside `quietly` with the compile.
      const compiled = await quietly(async () => {
        const ci = load();
        ci.proxy(proxyUrl);
        return ci.getCompiledResult({
          // The constructor insists on a key; with `attr` given locally nothing is signed with it.
          project: project(artifact, 'dry run: no key is read', true),
          version: '0.0.0',
          setting: WEAPP_COMPILE_SETTING,
        });
      });
      const files = Object.keys(compiled).length;
      if (!files) throw new Error("WeChat's compiler produced no files");
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      return `WeChat compile (${tool}, offline): ${files} files in ${seconds} s`;
    },

    async upload(artifact, release: Release, credentials: Credentials) {
      // Loading logs (`initservices`): inside `quietly` too.
      const ci = await quietly(async () => load());
      const target = project(artifact, credentials.privateKey, false);
      // One robot per brand, so each brand's uploads are told apart in WeChat's console.
      const robot = artifact.brand.id;
      const result = await quietly(() =>
        ci.upload({
          project: target,
          version: release.version,
          desc: release.description,
          robot,
          setting: WEAPP_COMPILE_SETTING,
        }),
      );
      const sizes = (result.subPackageInfo ?? [])
        .filter((p) => p.name === '__FULL__' || p.name === '__APP__')
        .map((p) => `${p.name === '__APP__' ? 'main' : 'full'} ${(p.size / 1024).toFixed(1)} KB`);
      let detail = `uploaded ${release.version} as robot ${robot}${sizes.length ? ` (${sizes.join(', ')})` : ''}`;
      if (release.preview) {
        const qrcode = path.join(previewDir, `weapp-${artifact.brand.id}-preview.jpg`);
        fs.mkdirSync(previewDir, { recursive: true });
        await quietly(() =>
          ci.preview({
            project: target,
            version: release.version,
            desc: release.description,
            robot,
            setting: WEAPP_COMPILE_SETTING,
            qrcodeFormat: 'image',
            qrcodeOutputDest: qrcode,
          }),
        );
        detail += `; preview QR code ${qrcode}`;
      }
      return detail;
    },
  };
}

/** The part of minidev's API used here (its own typings declare an ambient module). */
interface Minidev {
  config: { useRuntime(config: Record<string, unknown>): Promise<void> };
  upload(options: {
    project: string;
    appId: string;
    version: string;
    versionDescription: string;
    experience: boolean;
    clientType: string;
  }): Promise<{ version: string; experienceQrCodeUrl?: string }>;
}

interface MinidevModule {
  minidev: Minidev;
  setSpinnerEnabled(enabled: boolean): void;
}

/**
 * The minidev client. minidev's local compile (`build`, and `pack`, which builds first) fetches a
 * native builder from Alipay before doing anything; no registry package carries it, and none of
 * minidev's project checks run before that download. So the dry run cannot run minidev's compile:
 * it proves minidev loads, and the store limits and syntax checks (scripts/artifact-checks.ts)
 * are the Alipay artifact's offline proof. Its upload, tried offline, packed the source without
 * the builder and then stopped at Alipay's sign-in.
 */
export function alipayClient(): VendorClient {
  let module: MinidevModule | undefined;
  const load = (): MinidevModule => {
    if (!module) {
      module = require('minidev') as MinidevModule;
      // Spinners redraw one line; in a CI log they are noise.
      module.setSpinnerEnabled(false);
    }
    return module;
  };

  const tool = `minidev ${packageVersion('minidev')}`;
  return {
    tool,
    credentials: (brand, source) => alipayCredentials(brand, source),

    async verify() {
      const { minidev } = load();
      if (typeof minidev?.upload !== 'function') throw new Error('minidev loaded without upload');
      return `${tool} loaded (its compile needs a builder it downloads: not run offline)`;
    },

    async upload(artifact, release: Release, credentials: Credentials) {
      const { minidev } = load();
      // Runtime configuration (not `config.set`): the key stays in this process's memory instead
      // of being written to minidev's configuration file.
      await minidev.config.useRuntime({
        'alipay.authentication': {
          toolId: credentials.toolId,
          privateKey: credentials.privateKey,
        },
      });
      const result = await quietly(() =>
        minidev.upload({
          project: artifact.dir,
          appId: artifact.appId,
          version: release.version,
          versionDescription: release.description,
          experience: release.experience,
          clientType: 'alipay',
        }),
      );
      return `uploaded ${result.version}${
        release.experience
          ? `; experience version${result.experienceQrCodeUrl ? `, QR code ${result.experienceQrCodeUrl}` : ''}`
          : ''
      }`;
    },
  };
}
