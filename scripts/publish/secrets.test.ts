import {
  alipayCredentials,
  alipayPrivateKeyPem,
  readSecret,
  redact,
  SecretError,
  weappCredentials,
  type Env,
} from './secrets';

const PEM = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEowIBAAKCAQEAwJ7x0bXn1e0PqsL2c2tQh5p0FzE9k3sd0lW0rJ6d0qv0aTnG',
  'q3V7m5n2F4h8Y1r0A9pQe6k5u0L2x8s7d6f5g4h3j2k1l0z9y8x7w6v5u4t3s2r1',
  '-----END RSA PRIVATE KEY-----',
].join('\n');

function source(env: Env, files: Record<string, string> = {}) {
  return {
    env,
    readFile(file: string): string {
      if (!(file in files)) throw Object.assign(new Error(`ENOENT ${file}`), { code: 'ENOENT' });
      return files[file];
    },
  };
}

describe('readSecret', () => {
  it("prefers the brand's own value, then its file, then the shared value, then the shared file", () => {
    const files = { '/k/3': 'from-brand-file\n', '/k/all': 'from-shared-file' };
    const all = {
      KEY_3: 'brand',
      KEY_3_FILE: '/k/3',
      KEY: 'shared',
      KEY_FILE: '/k/all',
    };
    expect(readSecret('KEY', 3, source(all, files))).toBe('brand');
    expect(readSecret('KEY', 3, source({ ...all, KEY_3: undefined }, files))).toBe(
      'from-brand-file',
    );
    expect(readSecret('KEY', 3, source({ KEY: 'shared', KEY_FILE: '/k/all' }, files))).toBe(
      'shared',
    );
    expect(readSecret('KEY', 3, source({ KEY_FILE: '/k/all', KEY_4: 'other' }, files))).toBe(
      'from-shared-file',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(readSecret('KEY', 1, source({ KEY_1: '  ', KEY: 'shared' }))).toBe('shared');
  });

  it('names every variable it tried when none is set', () => {
    expect(() => readSecret('WEAPP_UPLOAD_KEY', 5, source({ WEAPP_UPLOAD_KEY_4: 'x' }))).toThrow(
      new SecretError(
        'WEAPP_UPLOAD_KEY_5 is not set (nor WEAPP_UPLOAD_KEY_5_FILE, nor WEAPP_UPLOAD_KEY / WEAPP_UPLOAD_KEY_FILE for every brand)',
      ),
    );
  });

  it('names the variable and the path of a key file it cannot read', () => {
    expect(() => readSecret('KEY', 2, source({ KEY_2_FILE: '/run/keys/missing.key' }))).toThrow(
      'KEY_2_FILE names /run/keys/missing.key, which cannot be read (ENOENT)',
    );
    expect(() => readSecret('KEY', 2, source({ KEY_2_FILE: '/k' }, { '/k': '\n' }))).toThrow(
      'KEY_2_FILE names an empty file',
    );
  });
});

describe('credentials', () => {
  it('takes a WeChat upload key that is a PEM private key, and refuses anything else', () => {
    expect(weappCredentials(1, source({ WEAPP_UPLOAD_KEY_1: PEM }))).toEqual({ privateKey: PEM });
    expect(() => weappCredentials(1, source({ WEAPP_UPLOAD_KEY_1: 'not-a-key-at-all' }))).toThrow(
      'WEAPP_UPLOAD_KEY for brand 1 is not a PEM private key',
    );
  });

  it('needs both the Alipay tool id and private key, and says which is missing', () => {
    const env = { ALIPAY_TOOL_ID: 'tool-0123456789abcdef', ALIPAY_PRIVATE_KEY_2: PEM };
    expect(alipayCredentials(2, source(env))).toEqual({
      toolId: 'tool-0123456789abcdef',
      privateKey: PEM,
    });
    expect(() => alipayCredentials(3, source(env))).toThrow(/^ALIPAY_PRIVATE_KEY_3 is not set/);
    expect(() => alipayCredentials(2, source({ ALIPAY_PRIVATE_KEY_2: PEM }))).toThrow(
      /^ALIPAY_TOOL_ID_2 is not set/,
    );
  });

  it("wraps the bare base64 body Alipay's console shows as a PKCS#8 PEM", () => {
    const body = 'A'.repeat(100);
    expect(alipayPrivateKeyPem(body).split('\n')).toEqual([
      '-----BEGIN PRIVATE KEY-----',
      'A'.repeat(64),
      'A'.repeat(36),
      '-----END PRIVATE KEY-----',
    ]);
    expect(alipayPrivateKeyPem(PEM)).toBe(PEM);
    expect(() => alipayPrivateKeyPem('not base64!')).toThrow(/neither PEM nor a base64 key body/);
  });
});

describe('redact', () => {
  it('hides a whole key and any line of it, and leaves other text alone', () => {
    const line = PEM.split('\n')[1];
    const text = `upload failed: bad key ${PEM}; near "${line.slice(0)}" for tool tool-0123456789abcdef`;
    const out = redact(text, [PEM, 'tool-0123456789abcdef']);
    expect(out).toBe('upload failed: bad key ***; near "***" for tool ***');
    expect(out).not.toContain(line);
  });

  it('ignores short values, which would blank ordinary words', () => {
    expect(redact('robot 1 failed', ['1'])).toBe('robot 1 failed');
  });
});
