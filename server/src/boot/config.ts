/**
 * Environment → typed configuration. Every knob the server and the worker read lives here, so the
 * rest of the code never touches `process.env` and tests can build a config object directly.
 *
 * With `APP_ENV=production` (or `NODE_ENV=production` and no APP_ENV; a production value beside a
 * different other one is refused) the configuration is also checked as a whole (`productionProblems`):
 * any sandbox provider, default or missing secret, or test-only setting stops the process at
 * start-up with the full list, so production never runs a sandbox silently.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../../contract/http.ts';
import {
  subscribeTemplateFieldsFrom,
  subscribeTemplatesFrom,
  type SubscribeTemplateFields,
  type SubscribeTemplates,
} from '../privacy/templates.ts';
import { imageSettingsFrom, type ImageSettings } from '../images/settings.ts';
import { CRASH_POINTS, type CrashPoint } from '../lib/crash-points.ts';
import { alipaySettingsFrom, type AlipaySettings } from './live-settings.ts';
import {
  LiveSettingsError,
  smsSettingsFrom,
  wechatSettingsFrom,
  type SmsSettings,
  type WechatSettings,
} from './live-settings.ts';
import {
  DATA_KEY_VARIABLE,
  DEVELOPMENT_DATA_KEY,
  dataKeyFrom,
  type DataKey,
} from '../lib/sealed.ts';
import { chatScriptProblems, chatScriptsFrom, type ChatScripts } from '../service-desk/chat.ts';

export type AppEnv = 'development' | 'production' | 'test';
export type ProviderMode = 'sandbox' | 'live';

/**
 * Every outside service, the variable that picks its implementation, and what its live adapter
 * needs. `liveSecrets: undefined` means this build has no live adapter for it yet: choosing
 * `live` is then refused rather than run half-configured.
 */
export type ProviderKey =
  'sms' | 'alipay' | 'wechat' | 'identity' | 'credit' | 'esign' | 'withholding';

interface ProviderSetting {
  variable: string;
  label: string;
  /** Variables the live adapter needs (each may instead name a file with `<NAME>_FILE`). */
  liveSecrets: readonly string[] | undefined;
}

export const PROVIDER_SETTINGS: Record<ProviderKey, ProviderSetting> = {
  sms: {
    variable: 'SMS_PROVIDER',
    label: 'SMS',
    liveSecrets: [
      'ALIBABA_CLOUD_ACCESS_KEY_ID',
      'ALIBABA_CLOUD_ACCESS_KEY_SECRET',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE_LOGIN_CODE',
      'SMS_TEMPLATE_BILL_REMINDER',
      'SMS_TEMPLATE_BILL_DUE_TODAY',
      'SMS_TEMPLATE_OVERDUE_NOTICE',
      // Seals the mobile a delivery receipt is asked for (sms_messages).
      DATA_KEY_VARIABLE,
    ],
  },
  alipay: {
    variable: 'ALIPAY_PROVIDER',
    label: 'Alipay (login, trade pay, deposit freeze)',
    // Per brand `<NAME>_<brand>` overrides these; the key-or-certificate choice is checked by
    // AlipaySettings.problems (live-settings.ts).
    liveSecrets: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_AES_KEY'],
  },
  wechat: {
    variable: 'WECHAT_PROVIDER',
    label: 'WeChat (login, WeChat Pay)',
    // Each may be given per brand as NAME_<brand> (live-settings.ts); NAME is every other brand's.
    liveSecrets: [
      'WECHAT_APP_ID',
      'WECHAT_APP_SECRET',
      'WECHAT_PAY_MCHID',
      'WECHAT_PAY_SERIAL_NO',
      'WECHAT_PAY_PRIVATE_KEY',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY',
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID',
      // Seals the cached access token (wechat_access_tokens).
      DATA_KEY_VARIABLE,
    ],
  },
  identity: {
    variable: 'IDENTITY_PROVIDER',
    label: 'identity (ID-card OCR, face verification)',
    liveSecrets: undefined,
  },
  credit: { variable: 'CREDIT_PROVIDER', label: 'credit score', liveSecrets: undefined },
  esign: { variable: 'ESIGN_PROVIDER', label: 'e-contract signing', liveSecrets: undefined },
  withholding: {
    variable: 'WITHHOLDING_PROVIDER',
    label: 'bank-card binding and withholding',
    liveSecrets: undefined,
  },
};

export const PROVIDER_KEYS = Object.keys(PROVIDER_SETTINGS) as ProviderKey[];

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

/** Requests per minute the rate limiter allows on the sensitive routes (see plugins/security.ts). */
/** The merchant console's sign-in rules (ADMIN_* variables). */
export interface AdminSettings {
  /** Console login attempts per minute per client IP, and per login name. */
  loginPerIp: number;
  loginPerAccount: number;
  /** Wrong passwords (or codes) in a row before the account locks, and for how long. */
  lockAfter: number;
  lockMinutes: number;
  /** The staff account OPS_TOKEN acts as (its role and brands); the built-in `ops` by default. */
  opsTokenStaff: string;
}

export interface RateLimits {
  /** Login and SMS-code routes, per client IP. */
  loginPerIp: number;
  /** Payment routes, per client IP. */
  payPerIp: number;
  /** Payment routes, per logged-in user. */
  payPerUser: number;
  /** Notifications that fail verification, per client IP (verified ones are never limited). */
  notifyRejectedPerIp: number;
}

/** What one user may hand in per 24 hours (service-desk/): feedback and uploaded files. */
export interface UserQuotas {
  complaintsPerDay: number;
  uploadsPerDay: number;
  uploadBytesPerDay: number;
}

/**
 * Where scheduled and outbox jobs run: `in-process` (the default: this process runs them on a
 * timer, the single-machine set-up) or `worker` (a separate `npm run worker` runs them; this
 * process only adds jobs).
 */
export type JobsMode = 'in-process' | 'worker';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; undefined means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process keeps (requests and in-process jobs share them). */
  databasePoolSize: number;
  /** PostgreSQL: named prepared statements (DATABASE_PREPARED_STATEMENTS, on unless `off`). */
  databasePreparedStatements: boolean;
  appEnv: AppEnv;
  clientId: string;
  clientSecret: string;
  /** Which implementation each outside service uses. Sandbox is the default everywhere. */
  providers: Record<ProviderKey, ProviderMode>;
  /** `providers.<key> === 'sandbox'` for any key. */
  anySandbox: boolean;
  h5Dir: string;
  /** The built merchant console (scripts/build-admin.ts), served at /admin/ when it exists. */
  adminDir: string;
  /** Where uploaded files are stored (a folder under DATA_DIR by default). */
  uploadDir: string;
  /** Largest accepted upload, bytes. */
  uploadMaxBytes: number;
  /** The console's pictures and banner links (images/settings.ts). */
  images: ImageSettings;
  quotas: UserQuotas;
  /** Seconds a login token lives. */
  tokenTtlSeconds: number;
  sms: SmsLimits;
  rateLimits: RateLimits;
  /** Redis for the rate limiter's counters, shared by every API process; memory when unset. */
  redisUrl: string | undefined;
  /** Prefix of this deployment's keys in Redis (deployments sharing one Redis need their own). */
  redisKeyPrefix: string;
  /** Hosts the H5 OAuth flow may redirect back to (exact match). */
  oauthRedirectHosts: string[];
  /** Trust X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  logLevel: string;
  /** Registered as an ops credential at start (16+ characters), when set. */
  opsToken: string | undefined;
  admin: AdminSettings;
  jobs: JobsMode;
  /** How often the in-process job runner looks for due jobs, ms. */
  jobsPollMs: number;
  /**
   * The public origin providers post notifications to (`https://api.example.com`); the sandbox
   * defaults to this process's own address.
   */
  notifyBaseUrl: string | undefined;
  /**
   * The public origin of the pages this server hands users links to (the sandbox face and
   * signing pages); this process's own address in development. Never the request's Host.
   */
  publicBaseUrl: string | undefined;
  /**
   * The sandbox gateways' signing key: random per process unless set. Set it when several
   * processes run the sandbox, so each verifies what the others signed.
   */
  sandboxSigningKey: string;
  /** Subscribe-message template ids per brand and host (SUBSCRIBE_TEMPLATES, privacy/templates.ts). */
  subscribeTemplates: SubscribeTemplates;
  /** Each template's own field keys (SUBSCRIBE_TEMPLATE_FIELDS, privacy/templates.ts). */
  subscribeTemplateFields: SubscribeTemplateFields;
  /** Test only: the process kills itself with SIGKILL at this step (crash-points.ts). */
  crashAt: CrashPoint | undefined;
  /** Alipay's live settings per brand (read only when ALIPAY_PROVIDER=live). */
  alipay: AlipaySettings;
  /** The live WeChat adapters' settings (WECHAT_PROVIDER=live only; holds secrets, never logged). */
  wechat?: WechatSettings;
  /**
   * Brands that offer WeChat Pay Score's deposit-free mode on WeChat (PAYSCORE_BRANDS, e.g.
   * `1,3`). Offered only with WECHAT_PROVIDER=live and the brand's WECHAT_PAYSCORE_SERVICE_ID.
   */
  payScoreBrands: number[];
  /** The live SMS adapter's settings (SMS_PROVIDER=live only; holds secrets, never logged). */
  smsLive?: SmsSettings;
  /** Seals what is kept at rest and read back (sealed.ts): DATA_ENCRYPTION_KEY. */
  dataKey: DataKey;
  /**
   * Key of the ID and card numbers' hashes (kyc/crypto.ts): KYC_HASH_KEY, else the public
   * development key (refused in production).
   */
  kycHashKey: string;
  /** What the operator should hear at start though the server runs (logged by main.ts, worker.ts). */
  warnings: string[];
  /** Each brand's online-chat provider script (`CHAT_SCRIPT_URL_<brand>`), service-desk/chat.ts. */
  chatScripts: ChatScripts;
}

/** Hosts a development H5 app is opened on: the default return hosts, refused in production. */
const DEVELOPMENT_HOSTS = ['localhost', '127.0.0.1'];

/** The development key of ID and card hashes: public, so refused in production. */
export const DEVELOPMENT_KYC_HASH_KEY = 'rental-storefront/kyc/v1';

/** A configuration production must not run with; `problems` lists every reason at once. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? problems[0]!
        : `configuration refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.problems = problems;
    this.name = 'ConfigError';
  }
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new ConfigError([`${name} must be a whole number`]);
  return parsed;
}

function oneOf<T extends string, F extends T | undefined>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: F,
  name: string,
): T | F {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError([`${name} must be one of ${allowed.join(', ')}`]);
}

/** Everything that keeps a production configuration from starting; empty when it may start. */
/** PAYSCORE_BRANDS: brand numbers, comma-separated. */
function payScoreBrandsFrom(value: string | undefined): number[] {
  if (!value?.trim()) return [];
  const brands = value.split(',').map((part) => part.trim());
  if (brands.some((b) => !/^[1-9]$/.test(b)))
    throw new ConfigError(['PAYSCORE_BRANDS must list brand numbers 1-9, comma-separated']);
  return [...new Set(brands.map(Number))].sort();
}

/** Brands offering Pay Score without their service id (read with the WeChat settings). */
function payScoreProblems(config: Config): string[] {
  if (!config.wechat) return [];
  const without = config.payScoreBrands.filter(
    (brand) => !config.wechat!.brands.get(brand)?.payScore,
  );
  return without.length > 0
    ? [
        `WECHAT_PAYSCORE_SERVICE_ID (or WECHAT_PAYSCORE_SERVICE_ID_<brand>) must be set for the Pay Score brands ${without.join(', ')}`,
      ]
    : [];
}

/**
 * Whether a brand offers Pay Score's deposit-free mode: PAYSCORE_BRANDS names it, and live WeChat
 * has its service id (the sandbox plays Pay Score in development and tests; never in production).
 */
export function offersPayScore(config: Config, platform: number): boolean {
  if (!config.payScoreBrands.includes(platform)) return false;
  if (config.providers.wechat === 'sandbox') return true;
  return config.wechat?.brands.get(platform)?.payScore !== undefined;
}

export function productionProblems(config: Config, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  /** Missing secret → the live providers needing it (one secret may serve several). */
  const missing = new Map<string, string[]>();
  for (const key of PROVIDER_KEYS) {
    const { variable, label, liveSecrets } = PROVIDER_SETTINGS[key];
    if (config.providers[key] === 'sandbox') {
      problems.push(`${variable} is sandbox (${label}): production needs ${variable}=live`);
    } else if (!liveSecrets) {
      problems.push(`${variable}=live: this build has no live ${label} adapter yet`);
    } else {
      for (const secret of liveSecrets) {
        if (!env[secret] && !env[`${secret}_FILE`])
          missing.set(secret, [...(missing.get(secret) ?? []), `${variable}=live`]);
      }
    }
  }
  for (const [secret, needs] of missing)
    problems.push(`${secret} (or ${secret}_FILE) must be set for ${needs.join(' and ')}`);
  if (config.providers.alipay === 'live') problems.push(...config.alipay.problems());
  // A brand that offers Pay Score, without what it needs.
  if (config.payScoreBrands.length > 0 && config.providers.wechat !== 'live')
    problems.push(
      `PAYSCORE_BRANDS offers Pay Score on brands ${config.payScoreBrands.join(', ')}: it needs WECHAT_PROVIDER=live`,
    );
  // The brands with an online chat: their provider, never the development demo.
  problems.push(...chatScriptProblems(config.chatScripts));
  // The sandbox's made-up template ids would be refused by every live host.
  if (!env.SUBSCRIBE_TEMPLATES)
    problems.push("SUBSCRIBE_TEMPLATES must name each brand's approved reminder templates");
  if (!config.databaseUrl)
    problems.push(
      'DATABASE_URL must be set: production runs on PostgreSQL, not the embedded PGlite',
    );
  if (!env.CLIENT_SECRET || env.CLIENT_SECRET === DEFAULT_CLIENT_SECRET)
    problems.push('CLIENT_SECRET must be set to a value of your own (the default is public)');
  if (!env.KYC_HASH_KEY || env.KYC_HASH_KEY === DEVELOPMENT_KYC_HASH_KEY)
    problems.push('KYC_HASH_KEY must be set in production (the development key is public)');
  if ((env[DATA_KEY_VARIABLE] || '').trim() === DEVELOPMENT_DATA_KEY)
    problems.push(`${DATA_KEY_VARIABLE} must be a key of your own (the development key is public)`);
  if (env.OPS_TOKEN !== undefined && env.OPS_TOKEN !== '' && env.OPS_TOKEN.length < 16)
    problems.push('OPS_TOKEN must be at least 16 characters');
  if (!config.notifyBaseUrl || !config.notifyBaseUrl.startsWith('https://'))
    problems.push('NOTIFY_BASE_URL must be the https origin providers send notifications to');
  if (!config.publicBaseUrl || !config.publicBaseUrl.startsWith('https://'))
    problems.push('PUBLIC_BASE_URL must be the https origin of the pages users are sent to');
  // The default lets OAuth and the wap cashier return to this machine only, over http too.
  if (
    !env.OAUTH_REDIRECT_HOSTS ||
    config.oauthRedirectHosts.some((host) => DEVELOPMENT_HOSTS.includes(host))
  )
    problems.push(
      "OAUTH_REDIRECT_HOSTS must name the H5 app's own hosts (localhost and 127.0.0.1 are for development)",
    );
  if (env.SANDBOX_SIGNING_KEY) problems.push('SANDBOX_SIGNING_KEY is a sandbox setting: unset it');
  if (config.crashAt) problems.push('CRASH_AT is a test setting: unset it');
  return problems;
}

/** What a set-up of several processes (JOBS=worker) needs that one process does not. */
function multiProcessProblems(config: Config, env: NodeJS.ProcessEnv): string[] {
  if (config.jobs !== 'worker') return [];
  const problems: string[] = [];
  if (!config.databaseUrl)
    problems.push(
      'JOBS=worker needs DATABASE_URL: a separate worker cannot share the embedded PGlite',
    );
  if (config.anySandbox && !env.SANDBOX_SIGNING_KEY)
    problems.push(
      'JOBS=worker with sandbox providers needs SANDBOX_SIGNING_KEY, so every process verifies what the others signed',
    );
  return problems;
}

/** An origin setting (`https://api.example.com`, no path), without a trailing slash; unset → undefined. */
function originFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name] ? env[name].replace(/\/+$/, '') : undefined;
  if (value && !/^https?:\/\/[^/?#@\s]+$/.test(value))
    throw new ConfigError([`${name} must be an origin such as https://api.example.com`]);
  return value;
}

/** SUBSCRIBE_TEMPLATES(_FIELDS), their problems reported as the other settings' are. */
function parseTemplateSetting<T>(
  parse: (text: string | undefined) => T,
  text: string | undefined,
): T {
  try {
    return parse(text);
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

/** DATA_ENCRYPTION_KEY (or its _FILE), else the development key; a malformed key is refused. */
function parseDataKey(env: NodeJS.ProcessEnv): DataKey {
  const file = env[`${DATA_KEY_VARIABLE}_FILE`];
  try {
    return dataKeyFrom(env[DATA_KEY_VARIABLE] || (file ? fs.readFileSync(file, 'utf8') : ''));
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

const APP_ENVS = ['development', 'production', 'test'] as const;

/**
 * The mode: APP_ENV, else NODE_ENV (what every Node deployer sets first), else development. A
 * production value beside a different other one is refused, so `NODE_ENV=production` can never run
 * the development mode with its /dev routes.
 */
function appEnvFrom(env: NodeJS.ProcessEnv): { appEnv: AppEnv; warnings: string[] } {
  const appEnv = oneOf(env.APP_ENV, APP_ENVS, undefined, 'APP_ENV');
  const nodeEnv = env.NODE_ENV || undefined;
  if (appEnv === undefined && nodeEnv !== undefined && !isAppEnv(nodeEnv))
    throw new ConfigError([
      `NODE_ENV=${nodeEnv} is not a mode of this server: set APP_ENV to ${APP_ENVS.join(', ')}`,
    ]);
  if (
    appEnv !== undefined &&
    nodeEnv !== undefined &&
    appEnv !== nodeEnv &&
    (appEnv === 'production' || nodeEnv === 'production')
  )
    throw new ConfigError([
      `APP_ENV=${appEnv} and NODE_ENV=${nodeEnv} disagree: set both to production for production, or neither to production`,
    ]);
  const resolved = appEnv ?? (nodeEnv as AppEnv | undefined);
  if (resolved) return { appEnv: resolved, warnings: [] };
  return {
    appEnv: 'development',
    warnings: [
      'APP_ENV is not set: development mode (sandbox providers, /dev routes); production needs APP_ENV=production',
    ],
  };
}

const isAppEnv = (value: string): value is AppEnv =>
  (APP_ENVS as readonly string[]).includes(value);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(['DATABASE_URL must start with postgres://']);
  }
  const databasePoolSize = intFrom(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE');
  if (databasePoolSize < 1) throw new ConfigError(['DATABASE_POOL_SIZE must be at least 1']);
  const databasePreparedStatements =
    oneOf(
      env.DATABASE_PREPARED_STATEMENTS,
      ['on', 'off'] as const,
      'on',
      'DATABASE_PREPARED_STATEMENTS',
    ) === 'on';
  const { appEnv, warnings } = appEnvFrom(env);
  // Production refuses a short token (productionProblems); elsewhere it is ignored, aloud.
  if (env.OPS_TOKEN && env.OPS_TOKEN.length < 16 && appEnv !== 'production')
    warnings.push(
      'OPS_TOKEN is shorter than 16 characters: ignored, so the ops API accepts no token from it',
    );
  const providerModes = ['sandbox', 'live'] as const;
  const providers = Object.fromEntries(
    PROVIDER_KEYS.map((key) => {
      const { variable } = PROVIDER_SETTINGS[key];
      return [key, oneOf(env[variable], providerModes, 'sandbox', variable)];
    }),
  ) as Record<ProviderKey, ProviderMode>;
  const crashAt = env.CRASH_AT || undefined;
  if (crashAt !== undefined && !(CRASH_POINTS as readonly string[]).includes(crashAt))
    throw new ConfigError([`CRASH_AT must be one of ${CRASH_POINTS.join(', ')}`]);
  const notifyBaseUrl = originFrom(env, 'NOTIFY_BASE_URL');
  const images = imageSettingsFrom(env, dataDir);
  if (images.problems.length > 0) throw new ConfigError(images.problems);
  const publicBaseUrl = originFrom(env, 'PUBLIC_BASE_URL');

  const config: Config = {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePoolSize,
    databasePreparedStatements,
    appEnv,
    clientId: env.CLIENT_ID || DEFAULT_CLIENT_ID,
    clientSecret: env.CLIENT_SECRET || DEFAULT_CLIENT_SECRET,
    providers,
    anySandbox: PROVIDER_KEYS.some((key) => providers[key] === 'sandbox'),
    h5Dir: path.resolve(env.H5_DIR || './dist/h5'),
    adminDir: path.resolve(env.ADMIN_DIR || './dist/admin'),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    uploadMaxBytes: intFrom(env.UPLOAD_MAX_BYTES, 5 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
    images: images.settings,
    quotas: {
      complaintsPerDay: intFrom(env.COMPLAINTS_PER_DAY, 10, 'COMPLAINTS_PER_DAY'),
      // Verification takes three photos, feedback up to six images each.
      uploadsPerDay: intFrom(env.UPLOADS_PER_DAY, 60, 'UPLOADS_PER_DAY'),
      uploadBytesPerDay: intFrom(
        env.UPLOAD_BYTES_PER_DAY,
        100 * 1024 * 1024,
        'UPLOAD_BYTES_PER_DAY',
      ),
    },
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 30 * 24 * 3600, 'TOKEN_TTL_SECONDS'),
    sms: {
      codeTtlSeconds: intFrom(env.SMS_CODE_TTL_SECONDS, 300, 'SMS_CODE_TTL_SECONDS'),
      maxAttempts: intFrom(env.SMS_MAX_ATTEMPTS, 5, 'SMS_MAX_ATTEMPTS'),
      perMinute: intFrom(env.SMS_PER_MINUTE, 1, 'SMS_PER_MINUTE'),
      perHour: intFrom(env.SMS_PER_HOUR, 5, 'SMS_PER_HOUR'),
      perDay: intFrom(env.SMS_PER_DAY, 10, 'SMS_PER_DAY'),
      perIpHour: intFrom(env.SMS_PER_IP_HOUR, 30, 'SMS_PER_IP_HOUR'),
    },
    rateLimits: {
      loginPerIp: intFrom(env.RATE_LOGIN_PER_IP, 120, 'RATE_LOGIN_PER_IP'),
      payPerIp: intFrom(env.RATE_PAY_PER_IP, 300, 'RATE_PAY_PER_IP'),
      payPerUser: intFrom(env.RATE_PAY_PER_USER, 120, 'RATE_PAY_PER_USER'),
      notifyRejectedPerIp: intFrom(
        env.RATE_NOTIFY_REJECTED_PER_IP,
        60,
        'RATE_NOTIFY_REJECTED_PER_IP',
      ),
    },
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'rental-rate:',
    oauthRedirectHosts: (env.OAUTH_REDIRECT_HOSTS || DEVELOPMENT_HOSTS.join(','))
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || (appEnv === 'test' ? 'silent' : 'info'),
    opsToken: env.OPS_TOKEN && env.OPS_TOKEN.length >= 16 ? env.OPS_TOKEN : undefined,
    admin: {
      loginPerIp: intFrom(env.ADMIN_LOGIN_PER_IP, 30, 'ADMIN_LOGIN_PER_IP'),
      loginPerAccount: intFrom(env.ADMIN_LOGIN_PER_ACCOUNT, 10, 'ADMIN_LOGIN_PER_ACCOUNT'),
      lockAfter: intFrom(env.ADMIN_LOCK_AFTER, 5, 'ADMIN_LOCK_AFTER'),
      lockMinutes: intFrom(env.ADMIN_LOCK_MINUTES, 15, 'ADMIN_LOCK_MINUTES'),
      opsTokenStaff: env.OPS_TOKEN_STAFF || 'ops',
    },
    jobs: oneOf(env.JOBS, ['in-process', 'worker'] as const, 'in-process', 'JOBS'),
    jobsPollMs: intFrom(env.JOBS_POLL_MS, 1000, 'JOBS_POLL_MS'),
    notifyBaseUrl,
    publicBaseUrl,
    sandboxSigningKey: env.SANDBOX_SIGNING_KEY || randomBytes(32).toString('hex'),
    crashAt: crashAt as CrashPoint | undefined,
    alipay: alipaySettingsFrom(env),
    subscribeTemplates: parseTemplateSetting(subscribeTemplatesFrom, env.SUBSCRIBE_TEMPLATES),
    subscribeTemplateFields: parseTemplateSetting(
      subscribeTemplateFieldsFrom,
      env.SUBSCRIBE_TEMPLATE_FIELDS,
    ),
    dataKey: parseDataKey(env),
    kycHashKey: env.KYC_HASH_KEY || DEVELOPMENT_KYC_HASH_KEY,
    warnings,
    chatScripts: {},
    payScoreBrands: payScoreBrandsFrom(env.PAYSCORE_BRANDS),
  };
  const chat = chatScriptsFrom(env);
  if (chat.problems.length > 0) throw new ConfigError(chat.problems);
  config.chatScripts = chat.scripts;
  // The live adapters' own settings, read only when chosen; their problems join the list.
  const liveProblems: string[] = [];
  const liveSettings = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof LiveSettingsError)) throw error;
      liveProblems.push(...error.problems);
      return undefined;
    }
  };
  if (providers.wechat === 'live') config.wechat = liveSettings(() => wechatSettingsFrom(env));
  if (providers.sms === 'live') config.smsLive = liveSettings(() => smsSettingsFrom(env));
  // A brand offering Pay Score needs its service id wherever WeChat is live; with the sandbox
  // the choice is simply not offered (there is no sandbox Pay Score), and said so.
  const payScore = payScoreProblems(config);
  if (providers.wechat === 'live') liveProblems.push(...payScore);
  else if (config.payScoreBrands.length > 0 && appEnv !== 'test')
    warnings.push('PAYSCORE_BRANDS with WECHAT_PROVIDER=sandbox: Pay Score is the sandbox’s');
  if (appEnv === 'production') {
    const problems = productionProblems(config, env);
    // A variable the guard already names as missing is not named twice.
    const named = new Set(problems.map((p) => p.split(' ')[0]));
    const all = [...problems, ...liveProblems.filter((p) => !named.has(p.split(' ')[0]))];
    if (all.length > 0) throw new ConfigError(all);
  }
  if (liveProblems.length > 0) throw new ConfigError(liveProblems);
  const setupProblems = multiProcessProblems(config, env);
  if (setupProblems.length > 0) throw new ConfigError(setupProblems);
  return config;
}
