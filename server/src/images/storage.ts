/**
 * Where uploaded pictures are kept: a folder under the data directory (the default), or an
 * S3-compatible bucket (Alibaba Cloud OSS, MinIO, AWS S3) reached only through its configured
 * endpoint. Names are content hashes, so an object is written once and never changes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../boot/config.ts';

export interface ImageStore {
  /** Stores `bytes` as `name` (a content-hash name: an existing one is the same picture). */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The picture's bytes, or undefined when there is none by that name. */
  get(name: string): Promise<Buffer | undefined>;
}

/** S3-compatible storage settings (IMAGE_STORAGE=s3); the secret key is never logged. */
export interface S3StorageSettings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name (MinIO, and local test servers). */
  forcePathStyle: boolean;
  /** Object names start with this (e.g. `rental/`), so one bucket can serve several deployments. */
  prefix: string;
}

export type ImageStorageSettings =
  { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageSettings);

/** A content-hash name is all this store ever reads or writes: nothing can climb out of it. */
const SAFE_NAME = /^[a-f0-9]{16,64}\.(png|webp)$/;

function checkName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`not an image name: ${name}`);
}

export function localImageStore(dir: string): ImageStore {
  return {
    async put(name, bytes) {
      checkName(name);
      await fs.mkdir(dir, { recursive: true });
      // `wx`: a name already there holds the same bytes (it is their hash).
      await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return undefined;
      return fs.readFile(path.join(dir, name)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      });
    },
  };
}

/**
 * The SDK and its client, made on the store's first use: @aws-sdk/client-s3 took ~0.12 s of CPU to
 * import (profile of a test server's start, 28 Nov), paid by every server and test process
 * although only IMAGE_STORAGE=s3 uses it. The settings were checked when the configuration loaded.
 */
async function s3Client(settings: S3StorageSettings) {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // OSS and older MinIO do not take the SDK's newer default checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  return { s3, client };
}

export function s3ImageStore(settings: S3StorageSettings): ImageStore {
  let loaded: ReturnType<typeof s3Client> | undefined;
  const sdk = () => (loaded ??= s3Client(settings));
  const key = (name: string) => `${settings.prefix}${name}`;
  return {
    async put(name, bytes, contentType) {
      checkName(name);
      const { s3, client } = await sdk();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: settings.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return undefined;
      const { s3, client } = await sdk();
      try {
        const reply = await client.send(
          new s3.GetObjectCommand({ Bucket: settings.bucket, Key: key(name) }),
        );
        if (!reply.Body) return undefined;
        return Buffer.from(await reply.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return undefined;
        if (
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return undefined;
        throw error;
      }
    },
  };
}

/** The store the configuration names (IMAGE_STORAGE, images/settings.ts). */
export function imageStoreSettings(config: Config): ImageStorageSettings {
  const { storage } = config.images;
  if (storage.kind === 'local') return storage;
  return { ...storage, secretAccessKey: storage.secretAccessKey.reveal() };
}

export function createImageStore(settings: ImageStorageSettings): ImageStore {
  return settings.kind === 'local' ? localImageStore(settings.dir) : s3ImageStore(settings);
}
