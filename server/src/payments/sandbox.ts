/**
 * The sandbox behind every gateway. It keeps the real rules: a trade is charged at most once,
 * results arrive later as a signed notification (HMAC-SHA256 over the sorted fields with the
 * sandbox key), failures happen on demand, and unfreezing more than is frozen is refused.
 * `settle()` waits for every notification in flight, so tests need no sleeps.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ProviderError } from '../providers/errors.ts';
import type {
  FundAuthGateway,
  GatewayName,
  NotificationFields,
  NotificationSink,
  TradeInput,
  WithholdingGateway,
} from './gateway.ts';

export type SandboxOutcome = 'pay' | 'fail' | 'cancel';

interface SandboxTrade {
  outTradeNo: string;
  tradeNo: string;
  amount: number;
  subject: string;
  status: 'open' | 'paid' | 'failed' | 'closed';
  refunded: number;
}

interface SandboxAuth {
  outRequestNo: string;
  authNo: string;
  amount: number;
  /** Still frozen. */
  frozen: number;
  status: 'pending' | 'frozen' | 'failed';
}

/** Signs the fields as the sandbox does (and as verify() expects). */
export function signFields(key: string, fields: NotificationFields): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', key).update(text).digest('hex');
}

export class SandboxGateway implements WithholdingGateway, FundAuthGateway {
  private readonly trades = new Map<string, SandboxTrade>();
  private readonly auths = new Map<string, SandboxAuth>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly failures: string[] = [];
  private sink: NotificationSink | undefined;
  /** Every successful charge, by out-trade number: tests check nothing is charged twice. */
  readonly charges: { outTradeNo: string; amount: number }[] = [];

  constructor(
    readonly name: GatewayName,
    private readonly key: string = `sandbox-key-${name}`,
  ) {}

  connect(sink: NotificationSink): void {
    this.sink = sink;
  }

  /** The next operation of this kind fails (a declined card, a refused freeze …). */
  failNext(kind: 'pay' | 'freeze' | 'withhold'): void {
    this.failures.push(kind);
  }

  private takeFailure(kind: string): boolean {
    const index = this.failures.indexOf(kind);
    if (index < 0) return false;
    this.failures.splice(index, 1);
    return true;
  }

  async createTrade(input: TradeInput): Promise<{ tradeNo: string }> {
    const existing = this.trades.get(input.outTradeNo);
    if (existing) return { tradeNo: existing.tradeNo };
    const trade: SandboxTrade = {
      ...input,
      tradeNo: `SBX${randomBytes(8).toString('hex')}`,
      status: 'open',
      refunded: 0,
    };
    this.trades.set(input.outTradeNo, trade);
    return { tradeNo: trade.tradeNo };
  }

  trade(outTradeNo: string): Readonly<SandboxTrade> | undefined {
    return this.trades.get(outTradeNo);
  }

  /** What the cashier page's buttons do. Paying an already-paid trade charges nothing. */
  complete(outTradeNo: string, outcome: SandboxOutcome): 'paid' | 'failed' | 'closed' | 'unknown' {
    const trade = this.trades.get(outTradeNo);
    if (!trade) return 'unknown';
    if (trade.status !== 'open') return trade.status === 'paid' ? 'paid' : trade.status;
    if (outcome === 'pay' && !this.takeFailure('pay')) {
      trade.status = 'paid';
      this.charges.push({ outTradeNo, amount: trade.amount });
      this.notify({
        notify_type: 'trade',
        trade_status: 'TRADE_SUCCESS',
        ...this.tradeFields(trade),
      });
      return 'paid';
    }
    trade.status = outcome === 'cancel' ? 'closed' : 'failed';
    this.notify({ notify_type: 'trade', trade_status: 'TRADE_CLOSED', ...this.tradeFields(trade) });
    return trade.status;
  }

  async withhold(input: TradeInput & { agreementNo: string }): Promise<void> {
    await this.createTrade(input);
    this.complete(input.outTradeNo, this.takeFailure('withhold') ? 'fail' : 'pay');
  }

  async refund(outTradeNo: string, _outRefundNo: string, amount: number): Promise<void> {
    const trade = this.trades.get(outTradeNo);
    if (!trade || trade.status !== 'paid' || trade.refunded + amount > trade.amount)
      throw new ProviderError(this.name, 'rejected', 'refund exceeds what was paid');
    trade.refunded += amount;
  }

  async freeze(input: { outRequestNo: string; amount: number }): Promise<void> {
    if (this.auths.get(input.outRequestNo)) return;
    const auth: SandboxAuth = {
      outRequestNo: input.outRequestNo,
      authNo: `SBXAUTH${randomBytes(8).toString('hex')}`,
      amount: input.amount,
      frozen: 0,
      status: 'pending',
    };
    this.auths.set(input.outRequestNo, auth);
    const failed = this.takeFailure('freeze');
    if (!failed) {
      auth.status = 'frozen';
      auth.frozen = input.amount;
    } else auth.status = 'failed';
    this.notify({
      notify_type: 'freeze',
      out_trade_no: input.outRequestNo,
      auth_no: auth.authNo,
      status: failed ? 'FAIL' : 'SUCCESS',
      trade_status: failed ? 'FAIL' : 'SUCCESS',
      total_amount: String(input.amount),
    });
  }

  private authByNo(authNo: string): SandboxAuth {
    for (const auth of this.auths.values()) if (auth.authNo === authNo) return auth;
    throw new ProviderError(this.name, 'rejected', 'unknown authorisation');
  }

  async unfreeze(authNo: string, amount: number): Promise<void> {
    const auth = this.authByNo(authNo);
    if (amount > auth.frozen)
      throw new ProviderError(this.name, 'rejected', 'unfreeze exceeds frozen');
    auth.frozen -= amount;
  }

  async payFromAuth(input: TradeInput & { authNo: string }): Promise<void> {
    const auth = this.authByNo(input.authNo);
    if (input.amount > auth.frozen)
      throw new ProviderError(this.name, 'rejected', 'payment exceeds frozen');
    if (this.trades.has(input.outTradeNo)) return;
    auth.frozen -= input.amount;
    await this.createTrade(input);
    this.complete(input.outTradeNo, 'pay');
  }

  /** Still frozen on an authorisation (for reconciliation checks). */
  frozenOn(authNo: string): number {
    return this.authByNo(authNo).frozen;
  }

  verify(fields: NotificationFields): boolean {
    const sign = fields.sign;
    if (typeof sign !== 'string' || !/^[0-9a-f]{64}$/.test(sign)) return false;
    const expected = Buffer.from(signFields(this.key, fields), 'hex');
    return timingSafeEqual(expected, Buffer.from(sign, 'hex'));
  }

  /** Builds a signed notification with these fields (tests forge replays and bad ones with it). */
  signed(fields: NotificationFields): NotificationFields {
    const withId = { notify_id: randomBytes(12).toString('hex'), ...fields };
    return { ...withId, sign: signFields(this.key, withId) };
  }

  private tradeFields(trade: SandboxTrade): NotificationFields {
    return {
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      total_amount: String(trade.amount),
    };
  }

  /** Posts the notification later, as the real gateways do (never inside the caller's call). */
  private notify(fields: NotificationFields): void {
    const sink = this.sink;
    if (!sink) return;
    const message = this.signed(fields);
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => sink(this.name, message))
      .catch((error: unknown) => {
        process.stderr.write(`sandbox ${this.name}: notification failed (${String(error)})\n`);
      })
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Resolves once every notification sent so far (and any they caused) is delivered. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
