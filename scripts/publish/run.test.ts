import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MiniTarget } from '../artifact-checks';
import { BRAND_IMAGES, miniBrandImagePath } from '../../src/brands/images';
import { BRAND_RECORDS } from '../../contract/brands/records';
import { ROUTES, splitPackages } from '../../src/routes';
import { stampNetwork } from '../mini-network';
import { publish, type Artifact, type PublishRequest, type VendorClient } from './run';
import { readSecret, type Env } from './secrets';

let dist: string;

/** The API origin scripts/build.ts stamped into each artifact, as `npm test` builds them. */
const API_ORIGIN = 'https://api.example-brand.test';

/** app.js calling the API at `apiBase`, as scripts/build.ts stamps it. */
const appScript = (apiBase: string) =>
  stampNetwork('App({api:"__RS_API_BASE__",web:"__RS_WEBVIEW_HOSTS__"});', {
    TARO_APP_API_BASE: apiBase,
    TARO_APP_WEBVIEW_HOSTS: '',
  });

/** A small artifact that passes every check: all routes, the brand's images and app id. */
function writeArtifact(target: MiniTarget, brand: number): string {
  const dir = path.join(dist, target, String(brand));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  };
  const { mainPages, subPackages } = splitPackages(ROUTES);
  write('app.json', JSON.stringify({ pages: mainPages, subPackages }));
  write('app.js', appScript(API_ORIGIN));
  for (const route of ROUTES) {
    write(`${route.path}.js`, 'Page({});');
    write(`${route.path}.json`, '{}');
  }
  for (const image of BRAND_IMAGES) write(miniBrandImagePath(brand, image), 'png');
  const record = BRAND_RECORDS[brand - 1];
  write(
    target === 'weapp' ? 'project.config.json' : 'mini.project.json',
    JSON.stringify({ appid: target === 'weapp' ? record.wxAppId : record.alipayAppId }),
  );
  return dir;
}

interface Call {
  method: 'verify' | 'upload';
  target: MiniTarget;
  brand: number;
  detail?: unknown;
}

/** A vendor client that records what it is asked and fails where told to. */
function fakeClient(
  target: MiniTarget,
  calls: Call[],
  failures: { verify?: number[]; upload?: Record<number, string> } = {},
): VendorClient {
  const keyName = target === 'weapp' ? 'WEAPP_UPLOAD_KEY' : 'ALIPAY_PRIVATE_KEY';
  return {
    tool: `fake ${target}`,
    credentials: (brand, source) => ({ key: readSecret(keyName, brand, source) }),
    async verify(artifact: Artifact) {
      calls.push({ method: 'verify', target, brand: artifact.brand.id, detail: artifact.dir });
      if (failures.verify?.includes(artifact.brand.id)) throw new Error('compiler said no');
      return `fake ${target} compile`;
    },
    async upload(artifact, release, credentials) {
      calls.push({
        method: 'upload',
        target,
        brand: artifact.brand.id,
        detail: { release, credentials },
      });
      const failure = failures.upload?.[artifact.brand.id];
      if (failure) throw new Error(failure);
      return `uploaded ${release.version}`;
    },
  };
}

const KEYS: Env = {
  WEAPP_UPLOAD_KEY_1: 'wx-key-one-secret',
  WEAPP_UPLOAD_KEY_2: 'wx-key-two-secret',
  WEAPP_UPLOAD_KEY_3: 'wx-key-three-secret',
  ALIPAY_PRIVATE_KEY: 'alipay-shared-secret',
};

function setUp(
  options: {
    env?: Env;
    failures?: Partial<Record<MiniTarget, Parameters<typeof fakeClient>[2]>>;
    failedBuilds?: MiniTarget[];
  } = {},
) {
  const calls: Call[] = [];
  const builds: { target: MiniTarget; brands: readonly number[] }[] = [];
  const logged: string[] = [];
  const deps = {
    clients: {
      weapp: fakeClient('weapp', calls, options.failures?.weapp),
      alipay: fakeClient('alipay', calls, options.failures?.alipay),
    },
    async build(target: MiniTarget, brands: readonly number[]) {
      builds.push({ target, brands });
      return !options.failedBuilds?.includes(target);
    },
    artifactDir: (target: MiniTarget, brand: number) => path.join(dist, target, String(brand)),
    secrets: { env: options.env ?? KEYS, readFile: () => '' },
    log: (line: string) => logged.push(line),
  };
  return { calls, builds, logged, deps };
}

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  targets: ['weapp', 'alipay'],
  brands: [1, 2, 3],
  dryRun: false,
  version: '1.2.3',
  description: 'Spring catalogue',
  preview: false,
  experience: true,
  ...overrides,
});

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-'));
  for (const target of ['weapp', 'alipay'] as const)
    for (const brand of [1, 2, 3]) writeArtifact(target, brand);
});

afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

it('dry run: builds each platform once, checks and verifies every artifact, uploads nothing', async () => {
  const { calls, builds, deps } = setUp({ env: {} });
  const results = await publish(request({ dryRun: true }), deps);
  expect(builds).toEqual([
    { target: 'weapp', brands: [1, 2, 3] },
    { target: 'alipay', brands: [1, 2, 3] },
  ]);
  expect(calls.every((c) => c.method === 'verify')).toBe(true);
  expect(calls.map((c) => `${c.target}${c.brand}`)).toEqual([
    'weapp1',
    'weapp2',
    'weapp3',
    'alipay1',
    'alipay2',
    'alipay3',
  ]);
  expect(results.map((r) => r.outcome)).toEqual(Array(6).fill('checked'));
  expect(results[0]).toMatchObject({
    target: 'weapp',
    brand: 1,
    appId: BRAND_RECORDS[0].wxAppId,
    detail: expect.stringMatching(
      /^store limits, app id, pages and API origin ok; \d+ files parse; fake weapp compile$/,
    ),
    domains: {
      request: [API_ORIGIN],
      uploadFile: [API_ORIGIN],
      downloadFile: [API_ORIGIN],
      'web-view': [API_ORIGIN],
    },
  });
  expect(results[3].domains).toEqual({ server: [API_ORIGIN], 'web-view': [API_ORIGIN] });
  expect(results[0].totalBytes).toBeGreaterThan(0);
  expect(results[0].mainPackageBytes).toBeLessThanOrEqual(results[0].totalBytes ?? 0);
});

it("uploads with the release's version, description and each brand's own key", async () => {
  const { calls, deps } = setUp();
  const results = await publish(request(), deps);
  expect(results.map((r) => r.outcome)).toEqual(Array(6).fill('uploaded'));
  const uploads = calls.filter((c) => c.method === 'upload');
  expect(uploads).toHaveLength(6);
  expect(uploads[1].detail).toEqual({
    release: expect.objectContaining({
      version: '1.2.3',
      description: 'Spring catalogue',
      experience: true,
    }),
    credentials: { key: 'wx-key-two-secret' },
  });
  expect(uploads[4].detail).toMatchObject({ credentials: { key: 'alipay-shared-secret' } });
  // A real upload compiles on the vendor's side; the offline compile is the dry run's.
  expect(calls.some((c) => c.method === 'verify')).toBe(false);
});

it('goes on after a failed upload, and keeps the key out of the reason', async () => {
  const { calls, logged, deps } = setUp({
    failures: { weapp: { upload: { 2: 'signature check failed for wx-key-two-secret' } } },
  });
  const results = await publish(request(), deps);
  expect(results.map((r) => `${r.target}${r.brand} ${r.outcome}`)).toEqual([
    'weapp1 uploaded',
    'weapp2 failed',
    'weapp3 uploaded',
    'alipay1 uploaded',
    'alipay2 uploaded',
    'alipay3 uploaded',
  ]);
  expect(results[1].detail).toBe('signature check failed for ***');
  expect(calls.filter((c) => c.method === 'upload')).toHaveLength(6);
  expect(logged.join('\n')).not.toContain('wx-key-two-secret');
});

it('fails a brand whose key is missing, naming the variable, and uploads the others', async () => {
  const { calls, deps } = setUp({ env: { ...KEYS, WEAPP_UPLOAD_KEY_3: undefined } });
  const results = await publish(request({ targets: ['weapp'] }), deps);
  expect(results.map((r) => r.outcome)).toEqual(['uploaded', 'uploaded', 'failed']);
  expect(results[2].detail).toMatch(/^credentials: WEAPP_UPLOAD_KEY_3 is not set/);
  expect(calls.filter((c) => c.method === 'upload').map((c) => c.brand)).toEqual([1, 2]);
});

it('never uploads an artifact that fails the store checks', async () => {
  // Brand 2's app.json names a page the package does not carry; brand 3 carries another brand's app id.
  const app = path.join(dist, 'weapp', '2', 'app.json');
  const json = JSON.parse(fs.readFileSync(app, 'utf8'));
  json.pages.push('pages/gone/gone');
  fs.writeFileSync(app, JSON.stringify(json));
  fs.writeFileSync(
    path.join(dist, 'weapp', '3', 'project.config.json'),
    JSON.stringify({ appid: BRAND_RECORDS[0].wxAppId }),
  );
  const { calls, deps } = setUp();
  const results = await publish(request({ targets: ['weapp'] }), deps);
  expect(results.map((r) => r.outcome)).toEqual(['uploaded', 'failed', 'failed']);
  expect(results[1].detail).toContain('pages/gone/gone.js missing');
  expect(results[2].detail).toContain(`project.config.json has app id ${BRAND_RECORDS[0].wxAppId}`);
  expect(calls.filter((c) => c.method === 'upload').map((c) => c.brand)).toEqual([1]);
});

it('dry run: fails every artifact whose requests would be relative or http, naming the setting', async () => {
  for (const brand of [1, 2, 3])
    fs.writeFileSync(path.join(dist, 'weapp', String(brand), 'app.js'), appScript(''));
  fs.writeFileSync(path.join(dist, 'alipay', '2', 'app.js'), appScript('http://api.example.com'));
  const { calls, deps } = setUp({ env: {} });
  const results = await publish(request({ dryRun: true }), deps);
  expect(results.map((r) => `${r.target}${r.brand} ${r.outcome}`)).toEqual([
    'weapp1 failed',
    'weapp2 failed',
    'weapp3 failed',
    'alipay1 checked',
    'alipay2 failed',
    'alipay3 checked',
  ]);
  expect(results[1].detail).toMatch(/^TARO_APP_API_BASE_2 or TARO_APP_API_BASE is not set: /);
  expect(results[4].detail).toMatch(
    /^TARO_APP_API_BASE_2 or TARO_APP_API_BASE is http:\/\/api\.example\.com: WeChat and Alipay call https origins only/,
  );
  expect(results[1].domains?.request).toEqual([]);
  expect(calls.map((c) => `${c.target}${c.brand}`)).toEqual(['alipay1', 'alipay3']);
});

it("fails a script that does not parse before the vendor's tool sees it", async () => {
  fs.writeFileSync(path.join(dist, 'alipay', '1', 'common.js'), 'App({;');
  const { calls, deps } = setUp();
  const results = await publish(request({ targets: ['alipay'], dryRun: true }), deps);
  expect(results[0]).toMatchObject({
    outcome: 'failed',
    detail: expect.stringMatching(/^common\.js does not parse/),
  });
  expect(calls.map((c) => c.brand)).toEqual([2, 3]);
});

it('fails every brand of a platform whose build failed, even where an older artifact is left', async () => {
  const { calls, deps } = setUp({ failedBuilds: ['weapp'] });
  const results = await publish(request(), deps);
  expect(results.filter((r) => r.target === 'weapp').map((r) => r.detail)).toEqual(
    Array(3).fill('build failed (its output is above)'),
  );
  expect(calls.every((c) => c.target === 'alipay')).toBe(true);
  expect(results.filter((r) => r.outcome === 'uploaded')).toHaveLength(3);
});

it("fails a dry-run row when the vendor's compiler rejects the artifact", async () => {
  const { deps } = setUp({ failures: { weapp: { verify: [1] } } });
  const results = await publish(request({ targets: ['weapp'], dryRun: true }), deps);
  expect(results.map((r) => r.outcome)).toEqual(['failed', 'checked', 'checked']);
  expect(results[0].detail).toBe('compiler said no');
});

it('fails the row of a vendor call that never answers, and goes on', async () => {
  const { deps } = setUp();
  const hanging = deps.clients.weapp;
  deps.clients.weapp = {
    ...hanging,
    upload: (artifact, release, credentials) =>
      artifact.brand.id === 1
        ? new Promise<string>(() => {})
        : hanging.upload(artifact, release, credentials),
  };
  const results = await publish(request({ targets: ['weapp'] }), {
    ...deps,
    timeouts: { verify: 50, upload: 50 },
  });
  expect(results.map((r) => r.outcome)).toEqual(['failed', 'uploaded', 'uploaded']);
  expect(results[0].detail).toBe('fake weapp upload took longer than 0.05 s');
});

it('fails a brand whose artifact is missing', async () => {
  fs.rmSync(path.join(dist, 'alipay', '3'), { recursive: true });
  const { deps } = setUp();
  const results = await publish(request({ targets: ['alipay'] }), deps);
  expect(results[2]).toMatchObject({
    outcome: 'failed',
    detail: `${path.join(dist, 'alipay', '3')} missing`,
  });
});
