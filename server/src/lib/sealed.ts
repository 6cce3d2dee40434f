/**
 * Data at rest that the server must read back (WeChat's access token, the mobile an SMS receipt
 * is asked for): AES-256-GCM under `DATA_ENCRYPTION_KEY`, bound to what the value belongs to
 * (the additional data), so a sealed value copied to another row does not open.
 *
 * A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). The key id is a keyed
 * fingerprint of the key, so a value sealed under another key is refused as such, naming the
 * variable, rather than as a failed decryption.
 *
 * The KYC numbers are not here: they are never read back, so they are hashed (kyc/crypto.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export const DATA_KEY_VARIABLE = 'DATA_ENCRYPTION_KEY';

/** The development key: public, so production refuses it (config.ts). */
export const DEVELOPMENT_DATA_KEY = Buffer.alloc(32, 'rental-storefront/at-rest/dev/v1').toString(
  'base64',
);

export class SealedDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedDataError';
  }
}

/** 32 bytes, given as base64 (44 characters) or hex (64); undefined when it is neither. */
export function parseDataKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  return decoded.length === 32 && decoded.toString('base64') === trimmed ? decoded : undefined;
}

export class DataKey {
  readonly #key: Buffer;
  /** Names the key in sealed values without revealing it. */
  readonly id: string;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new SealedDataError(`${DATA_KEY_VARIABLE} must be 32 bytes`);
    this.#key = Buffer.from(key);
    this.id = createHmac('sha256', key).update('key-id').digest('hex').slice(0, 8);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', this.id, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, context: string): string {
    const [version, keyId, iv, tag, body, ...rest] = sealed.split('.');
    if (version !== 'v1' || !keyId || !iv || !tag || body === undefined || rest.length > 0)
      throw new SealedDataError('not a sealed value');
    if (keyId !== this.id)
      throw new SealedDataError(
        `sealed under another ${DATA_KEY_VARIABLE} (key ${keyId}, this process has ${this.id})`,
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SealedDataError('sealed value altered or not for this row');
    }
  }

  toJSON(): string {
    return '[redacted]';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `DataKey(${this.id})`;
  }
}

/**
 * The key from `DATA_ENCRYPTION_KEY` (or `DATA_ENCRYPTION_KEY_FILE`), else the development key;
 * throws when the variable is set but not 32 bytes.
 */
export function dataKeyFrom(value: string | undefined): DataKey {
  const key = parseDataKey(value || DEVELOPMENT_DATA_KEY);
  if (!key)
    throw new SealedDataError(
      `${DATA_KEY_VARIABLE} must be 32 bytes as base64 or hex (openssl rand -base64 32)`,
    );
  return new DataKey(key);
}
