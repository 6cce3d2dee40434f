/**
 * Environment → typed configuration. Every knob the server reads lives here, so the rest of the
 * code never touches `process.env` and tests can build a config object directly.
 */
import path from 'node:path';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../contract/http.ts';

export type AppEnv = 'development' | 'production' | 'test';
export type ProviderMode = 'sandbox' | 'live';

export interface SmsLimits {
  /** Seconds a code stays valid. */
  codeTtlSeconds: number;
  /** Wrong guesses after which a code is burnt. */
  maxAttempts: number;
  perMinute: number;
  perHour: number;
  perDay: number;
  /** Sends from one client IP per hour, across all mobiles. */
  perIpHour: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; undefined means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  appEnv: AppEnv;
  clientId: string;
  clientSecret: string;
  /** Which implementation each outside service uses. Sandbox is the default everywhere. */
  providers: { sms: ProviderMode; alipay: ProviderMode; wechat: ProviderMode };
  h5Dir: string;
  /** Where uploaded files are stored (a folder under DATA_DIR by default). */
  uploadDir: string;
  /** Largest accepted upload, bytes. */
  uploadMaxBytes: number;
  /** Seconds a login token lives. */
  tokenTtlSeconds: number;
  sms: SmsLimits;
  /** Hosts the H5 OAuth flow may redirect back to (exact match). */
  oauthRedirectHosts: string[];
  /** Trust X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  logLevel: string;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
  name: string,
): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${name} must be one of ${allowed.join(', ')}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres://');
  }
  const appEnv = oneOf(
    env.APP_ENV,
    ['development', 'production', 'test'] as const,
    'development',
    'APP_ENV',
  );
  if (appEnv === 'production' && !env.KYC_HASH_KEY) {
    // The development key is public (it is in the repository): hashed ID and card numbers
    // would be reversible by enumeration.
    throw new Error('KYC_HASH_KEY must be set in production');
  }
  const providerModes = ['sandbox', 'live'] as const;
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    appEnv,
    clientId: env.CLIENT_ID || DEFAULT_CLIENT_ID,
    clientSecret: env.CLIENT_SECRET || DEFAULT_CLIENT_SECRET,
    providers: {
      sms: oneOf(env.SMS_PROVIDER, providerModes, 'sandbox', 'SMS_PROVIDER'),
      alipay: oneOf(env.ALIPAY_PROVIDER, providerModes, 'sandbox', 'ALIPAY_PROVIDER'),
      wechat: oneOf(env.WECHAT_PROVIDER, providerModes, 'sandbox', 'WECHAT_PROVIDER'),
    },
    h5Dir: path.resolve(env.H5_DIR || './dist/h5'),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    uploadMaxBytes: intFrom(env.UPLOAD_MAX_BYTES, 5 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 30 * 24 * 3600, 'TOKEN_TTL_SECONDS'),
    sms: {
      codeTtlSeconds: intFrom(env.SMS_CODE_TTL_SECONDS, 300, 'SMS_CODE_TTL_SECONDS'),
      maxAttempts: intFrom(env.SMS_MAX_ATTEMPTS, 5, 'SMS_MAX_ATTEMPTS'),
      perMinute: intFrom(env.SMS_PER_MINUTE, 1, 'SMS_PER_MINUTE'),
      perHour: intFrom(env.SMS_PER_HOUR, 5, 'SMS_PER_HOUR'),
      perDay: intFrom(env.SMS_PER_DAY, 10, 'SMS_PER_DAY'),
      perIpHour: intFrom(env.SMS_PER_IP_HOUR, 30, 'SMS_PER_IP_HOUR'),
    },
    oauthRedirectHosts: (env.OAUTH_REDIRECT_HOSTS || 'localhost,127.0.0.1')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || (appEnv === 'test' ? 'silent' : 'info'),
  };
}
