/**
 * The console's picture and banner-link settings from the environment (read by config.ts):
 *
 * - IMAGE_STORAGE: `local` (default: files under DATA_DIR/images, or IMAGE_DIR) or `s3` (an
 *   S3-compatible bucket: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY or
 *   S3_SECRET_ACCESS_KEY_FILE, optional S3_REGION, S3_FORCE_PATH_STYLE=1, S3_PREFIX);
 * - IMAGE_MAX_BYTES: the largest upload (default 5 MiB);
 * - TARO_APP_WEBVIEW_HOSTS: the hosts the storefront's web-view opens (the same variable its build
 *   reads), so a banner can link only where the storefront will go.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Secret } from '../boot/live-settings.ts';

export interface ImageSettings {
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        /** Never logged: its toJSON and toString say `[redacted]`. */
        secretAccessKey: Secret;
        forcePathStyle: boolean;
        prefix: string;
      };
  maxBytes: number;
  /** Hosts a banner's https link may point at (exact, lower-case). */
  bannerLinkHosts: string[];
}

export const DEFAULT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Reads the settings; returns the problems instead when they are incomplete. */
export function imageSettingsFrom(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): { settings: ImageSettings; problems: string[] } {
  const problems: string[] = [];
  const maxBytes = Number(env.IMAGE_MAX_BYTES || DEFAULT_IMAGE_MAX_BYTES);
  if (!Number.isInteger(maxBytes) || maxBytes < 1024 || maxBytes > 50 * 1024 * 1024)
    problems.push('IMAGE_MAX_BYTES must be a whole number of bytes from 1024 to 52428800');
  const bannerLinkHosts = (env.TARO_APP_WEBVIEW_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const kind = env.IMAGE_STORAGE || 'local';
  let storage: ImageSettings['storage'] = {
    kind: 'local',
    dir: path.resolve(env.IMAGE_DIR || path.join(dataDir, 'images')),
  };
  if (kind === 's3') {
    const secretFile = env.S3_SECRET_ACCESS_KEY_FILE;
    const secret =
      env.S3_SECRET_ACCESS_KEY || (secretFile ? fs.readFileSync(secretFile, 'utf8').trim() : '');
    const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID'].filter((name) => !env[name]);
    if (!secret) missing.push('S3_SECRET_ACCESS_KEY (or S3_SECRET_ACCESS_KEY_FILE)');
    if (missing.length > 0) problems.push(`IMAGE_STORAGE=s3 needs ${missing.join(', ')}`);
    else if (!/^https?:\/\//.test(env.S3_ENDPOINT ?? ''))
      problems.push('S3_ENDPOINT must start with https:// or http://');
    storage = {
      kind: 's3',
      endpoint: env.S3_ENDPOINT ?? '',
      region: env.S3_REGION || 'us-east-1',
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: new Secret(secret),
      forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
      prefix: env.S3_PREFIX ?? '',
    };
  } else if (kind !== 'local') problems.push('IMAGE_STORAGE must be local or s3');
  return { settings: { storage, maxBytes, bannerLinkHosts }, problems };
}
