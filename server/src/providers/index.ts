/**
 * The one provider registry: every outside service the server talks to, each built from the
 * configuration as its sandbox or its live adapter (`<NAME>_PROVIDER`, see config.ts's
 * PROVIDER_SETTINGS). A provider whose live adapter does not exist yet refuses to start rather
 * than run as something it is not; production refuses every sandbox (config.ts).
 *
 * Live adapters are imported only when configured live, so a sandbox start loads none of the
 * providers' SDKs (alipay-sdk, wechatpay-axios-plugin, @alicloud/*).
 */
import type { Kysely } from 'kysely';
import type { Config, ProviderKey } from '../boot/config.ts';
import type { Database } from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import type { GatewayName, Gateways, PaymentProviders } from '../payments/gateway.ts';
import { SandboxGateway } from '../payments/sandbox.ts';
import type { AlipayProvider } from './alipay/index.ts';
import { SandboxAlipay } from './alipay/sandbox.ts';
import type { BankCardProvider } from './bank-card/index.ts';
import { SandboxBankCard } from './bank-card/sandbox.ts';
import type { CreditProvider } from './credit/index.ts';
import { SandboxCredit } from './credit/sandbox.ts';
import type { EsignProvider } from './esign/index.ts';
import { SandboxEsign } from './esign/sandbox.ts';
import { ProviderError } from './errors.ts';
import type { FaceProvider } from './face/index.ts';
import { SandboxFace } from './face/sandbox.ts';
import type { OcrProvider } from './ocr/index.ts';
import { SandboxOcr } from './ocr/sandbox.ts';
import type { SmsProvider } from './sms/index.ts';
import { SandboxSms } from './sms/sandbox.ts';
import type { WechatProvider } from './wechat/index.ts';
import { SandboxWechat } from './wechat/sandbox.ts';
import type { LiveAlipay } from './alipay/live.ts';
import type { LiveWechat } from './wechat/live.ts';
import {
  SandboxSubscribeMessages,
  SubscribeMessagesByHost,
  type SubscribeMessage,
  type SubscribeMessageProvider,
} from './subscribe/index.ts';
import { PROVIDER_SETTINGS } from '../boot/config.ts';

export interface Providers {
  sms: SmsProvider;
  /** Alipay login (auth code, phone number). */
  alipay: AlipayProvider;
  /** WeChat login (open id, phone number). */
  wechat: WechatProvider;
  ocr: OcrProvider;
  face: FaceProvider;
  credit: CreditProvider;
  esign: EsignProvider;
  bankCard: BankCardProvider;
  /** Trade payments, refunds, deposit authorisation, withholding: each brand's own. */
  payments: PaymentProviders;
  /** Mini-program subscribe messages (bill reminders): WeChat's and Alipay's, per brand app. */
  subscribeMessages: SubscribeMessageProvider;
}

/** What the providers need from the running app besides the configuration. */
export interface ProviderContext {
  db: Kysely<Database>;
  /** Sandboxes queue their notifications as jobs. */
  jobs: JobSender;
  /** The origin notifications are posted to (config.notifyBaseUrl, or this process's address). */
  notifyBase: () => string;
  /** The clock (tests move it); the live adapters judge token expiry by it. */
  now?: () => Date;
}

/** The live settings loadConfig read for a live provider (present whenever it is live). */
function liveSettings<T>(settings: T | undefined, key: ProviderKey): T {
  if (!settings) throw new Error(`${PROVIDER_SETTINGS[key].variable}=live without its settings`);
  return settings;
}

/** The refusal to start a provider whose live adapter this build does not have. */
function noLiveAdapter<T>(key: ProviderKey): T {
  const { variable, label } = PROVIDER_SETTINGS[key];
  throw new ProviderError(
    key,
    'unavailable',
    `${variable}=live: no live ${label} adapter in this build`,
  );
}

/**
 * Subscribe messages go with each host's app keys: through its live adapter when that host is
 * live, to the sandbox otherwise (all of them when both hosts are sandboxes).
 */
function subscribeMessages(
  wechat: LiveWechat | undefined,
  alipay: LiveAlipay | undefined,
): SubscribeMessageProvider {
  const sandboxMessages = new SandboxSubscribeMessages();
  if (!wechat && !alipay) return sandboxMessages;
  const toSandbox = (message: SubscribeMessage) => sandboxMessages.send(message);
  return new SubscribeMessagesByHost({
    wechat: wechat ? (message) => wechat.sendSubscribeMessage(message) : toSandbox,
    alipay: alipay ? (message) => alipay.sendSubscribeMessage(message) : toSandbox,
  });
}

/** The live adapters' modules, each imported only when its provider is live. */
async function liveModules(config: Config) {
  const isLive = (key: ProviderKey) => config.providers[key] !== 'sandbox';
  const [alipayGateway, alipayLogin, wechatPay, wechatLogin, sms] = await Promise.all([
    isLive('alipay') ? import('../payments/alipay-live.ts') : undefined,
    isLive('alipay') ? import('./alipay/live.ts') : undefined,
    isLive('wechat') ? import('../payments/wechatpay.ts') : undefined,
    isLive('wechat') ? import('./wechat/live.ts') : undefined,
    isLive('sms') ? import('./sms/live.ts') : undefined,
  ]);
  const loaded = <T>(module: T | undefined): T => {
    if (!module) throw new Error('a live adapter used while its provider is sandbox');
    return module;
  };
  return {
    alipayGateway: () => loaded(alipayGateway).AlipayLiveGateway,
    alipayLogin: () => loaded(alipayLogin).LiveAlipay,
    wechatPay: () => loaded(wechatPay).WechatPayGateway,
    wechatLogin: () => loaded(wechatLogin).LiveWechat,
    sms: () => loaded(sms).LiveSms,
  };
}

export async function createProviders(
  config: Config,
  context: ProviderContext,
): Promise<Providers> {
  const sandbox = (key: ProviderKey) => config.providers[key] === 'sandbox';
  const live = await liveModules(config);
  const notifyUrl = (name: GatewayName, platform: number) => () =>
    `${context.notifyBase()}/pay/notify/${name}/${platform}`;
  const gateway = (name: GatewayName, platform: number) =>
    new SandboxGateway(name, context.db, {
      platform,
      key: config.sandboxSigningKey,
      notifyUrl: notifyUrl(name, platform),
      jobs: context.jobs,
    });
  const wechatPay = (platform: number) => {
    const settings = liveSettings(config.wechat, 'wechat');
    const WechatPayGateway = live.wechatPay();
    return new WechatPayGateway(settings.brands.get(platform)!, {
      apiBase: settings.payApiBase,
      timeoutMs: settings.timeoutMs,
      notifyUrl: notifyUrl('wechat', platform),
    });
  };
  const brandGateways = (platform: number): Gateways => ({
    alipay: sandbox('alipay')
      ? gateway('alipay', platform)
      : new (live.alipayGateway())(
          config.alipay.merchant(platform),
          config.alipay,
          notifyUrl('alipay', platform),
        ),
    wechat: sandbox('wechat') ? gateway('wechat', platform) : wechatPay(platform),
    card: sandbox('withholding') ? gateway('card', platform) : noLiveAdapter('withholding'),
  });
  // Checked once at start, so a missing live adapter stops the process rather than a payment.
  const byBrand = new Map<number, Gateways>([[1, brandGateways(1)]]);
  const liveAlipay = sandbox('alipay') ? undefined : new (live.alipayLogin())(config.alipay);
  const liveWechat = sandbox('wechat')
    ? undefined
    : new (live.wechatLogin())(liveSettings(config.wechat, 'wechat'), context.db, context.now);
  return {
    sms: sandbox('sms') ? new SandboxSms() : new (live.sms())(liveSettings(config.smsLive, 'sms')),
    alipay: liveAlipay ?? new SandboxAlipay(),
    wechat: liveWechat ?? new SandboxWechat(),
    subscribeMessages: subscribeMessages(liveWechat, liveAlipay),
    ocr: sandbox('identity') ? new SandboxOcr() : noLiveAdapter('identity'),
    face: sandbox('identity') ? new SandboxFace() : noLiveAdapter('identity'),
    credit: sandbox('credit') ? new SandboxCredit() : noLiveAdapter('credit'),
    esign: sandbox('esign') ? new SandboxEsign() : noLiveAdapter('esign'),
    bankCard: sandbox('withholding') ? new SandboxBankCard() : noLiveAdapter('withholding'),
    payments: {
      forBrand(platform: number) {
        if (!Number.isInteger(platform) || platform < 1 || platform > 9)
          throw new Error(`no brand ${platform}`);
        let found = byBrand.get(platform);
        if (!found) byBrand.set(platform, (found = brandGateways(platform)));
        return found;
      },
    },
  };
}

export { ProviderError } from './errors.ts';
export type { AlipayProvider, SmsProvider, WechatProvider };
