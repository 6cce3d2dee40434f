/**
 * Upload keys, read from the environment or from files it names, and kept out of every log.
 *
 * Each secret NAME is looked up per brand first, then shared by every brand:
 *   NAME_<brand>        the value itself        e.g. WEAPP_UPLOAD_KEY_3
 *   NAME_<brand>_FILE   a file that holds it    e.g. WEAPP_UPLOAD_KEY_3_FILE=/run/keys/wx3.key
 *   NAME                one value for all brands (one account publishing several apps)
 *   NAME_FILE           likewise, from a file
 */
export type Env = Readonly<Record<string, string | undefined>>;

export interface SecretSource {
  env: Env;
  readFile(path: string): string;
}

export const SECRET_NAMES = {
  weappUploadKey: 'WEAPP_UPLOAD_KEY',
  alipayToolId: 'ALIPAY_TOOL_ID',
  alipayPrivateKey: 'ALIPAY_PRIVATE_KEY',
} as const;

/** Every value of a credentials record is a secret: each is redacted from what gets printed. */
export type Credentials = Readonly<Record<string, string>>;

export type WeappCredentials = {
  /** The code-upload key from WeChat's console (开发管理 → 开发设置), PEM. */
  privateKey: string;
};

export type AlipayCredentials = {
  /** The tool id Alipay assigns to the uploaded tool public key (工具密钥设置). */
  toolId: string;
  /** The tool private key, PEM (a bare base64 body is wrapped as PKCS#8). */
  privateKey: string;
};

/** A brand cannot be published: which variable to set, never the value. */
export class SecretError extends Error {}

/** The variable names tried for one secret of one brand, in order. */
export function secretVariables(name: string, brand: number): string[] {
  return [`${name}_${brand}`, `${name}_${brand}_FILE`, name, `${name}_FILE`];
}

export function readSecret(name: string, brand: number, source: SecretSource): string {
  for (const variable of secretVariables(name, brand)) {
    const raw = source.env[variable];
    if (raw === undefined || raw.trim() === '') continue;
    if (!variable.endsWith('_FILE')) return raw.trim();
    let content: string;
    try {
      content = source.readFile(raw.trim());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new SecretError(`${variable} names ${raw.trim()}, which cannot be read (${code})`);
    }
    if (!content.trim()) throw new SecretError(`${variable} names an empty file`);
    return content.trim();
  }
  throw new SecretError(
    `${name}_${brand} is not set (nor ${name}_${brand}_FILE, nor ${name} / ${name}_FILE for every brand)`,
  );
}

const PEM_PRIVATE_KEY =
  /-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+-----END \1?PRIVATE KEY-----/;

export function weappCredentials(brand: number, source: SecretSource): WeappCredentials {
  const privateKey = readSecret(SECRET_NAMES.weappUploadKey, brand, source);
  if (!PEM_PRIVATE_KEY.test(privateKey))
    throw new SecretError(
      `${SECRET_NAMES.weappUploadKey} for brand ${brand} is not a PEM private key (the file WeChat's console downloads)`,
    );
  return { privateKey };
}

/** Alipay's console shows the tool key as a bare base64 body; minidev wants PEM. */
export function alipayPrivateKeyPem(key: string): string {
  if (PEM_PRIVATE_KEY.test(key)) return key;
  const body = key.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body))
    throw new SecretError(`${SECRET_NAMES.alipayPrivateKey} is neither PEM nor a base64 key body`);
  const lines = body.match(/.{1,64}/g) ?? [];
  return ['-----BEGIN PRIVATE KEY-----', ...lines, '-----END PRIVATE KEY-----'].join('\n');
}

export function alipayCredentials(brand: number, source: SecretSource): AlipayCredentials {
  const toolId = readSecret(SECRET_NAMES.alipayToolId, brand, source);
  const privateKey = alipayPrivateKeyPem(readSecret(SECRET_NAMES.alipayPrivateKey, brand, source));
  return { toolId, privateKey };
}

/**
 * Replaces every secret in `text` with `***`, and each long line of a multi-line key too, since
 * a vendor's error message may quote a fragment of what it was given.
 */
export function redact(text: string, secrets: readonly string[]): string {
  const lines = (secret: string) =>
    secret
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => !/^-----(BEGIN|END) /.test(line));
  const fragments = secrets
    .flatMap((secret) => [secret, ...lines(secret)])
    // Shorter values would blank ordinary words and numbers.
    .filter((fragment) => fragment.length >= 8)
    .sort((a, b) => b.length - a.length);
  return fragments.reduce((out, fragment) => out.split(fragment).join('***'), text);
}
