/**
 * The sandbox behind every gateway, kept in the database (`sandbox_*` tables) so it survives a
 * restart and every process sees the same one. It keeps the real gateways' rules: a trade is
 * charged at most once, every money call is idempotent on our number for it, refunds and
 * unfreezes never exceed what was paid or frozen, results arrive later as signed notifications
 * (HMAC-SHA256 over the sorted fields with a key random per process unless configured), which a
 * job posts to the notify URL and retries until it is answered `success`, and failures happen on
 * demand (`failNext`, shared by all processes).
 *
 * Each operation is its own transaction on the root handle: the sandbox stands for another
 * company's system, so nothing it does may ride on, or wait for, one of ours.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.ts';
import type { JobMeta, JobSender } from '../jobs/queue.ts';
import { ProviderError } from '../providers/errors.ts';
import type {
  FreezeState,
  FundAuthGateway,
  GatewayName,
  NotificationFields,
  TradeInput,
  TradeState,
  WithholdingGateway,
} from './gateway.ts';
import './sandbox-schema.ts';

export type SandboxOutcome = 'pay' | 'fail' | 'cancel';
/** A stored notification to post (what its job carries). */
type Delivery = { id: number; notifyUrl: string; fields: NotificationFields };
export type SandboxFailure = 'pay' | 'freeze' | 'withhold' | 'refund' | 'unfreeze' | 'payscore';

/** The field that names our merchant in a notification, per gateway (as the real ones name it). */
export const MERCHANT_FIELD: Record<GatewayName, 'app_id' | 'mchid'> = {
  alipay: 'app_id',
  wechat: 'mchid',
  card: 'mchid',
};

/** Signs the fields as the sandbox does (and as verify() expects). */
export function signFields(key: string, fields: NotificationFields): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHmac('sha256', key).update(text).digest('hex');
}

export interface SandboxOptions {
  /** The brand this gateway is the merchant account of. */
  platform: number;
  /** The sandboxes' signing key (config.sandboxSigningKey); each gateway derives its own. */
  key: string;
  /** Where this gateway's notifications go (`…/pay/notify/<name>/<brand>`), read when a trade opens. */
  notifyUrl: () => string;
  jobs: JobSender;
}

export class SandboxGateway implements WithholdingGateway, FundAuthGateway {
  readonly merchantId: string;
  /** This gateway's own key (each provider, and each brand's account there, has its own). */
  private readonly key: string;

  readonly name: GatewayName;
  private readonly db: Db;
  private readonly options: SandboxOptions;

  constructor(name: GatewayName, db: Db, options: SandboxOptions) {
    this.name = name;
    this.db = db;
    this.options = options;
    this.merchantId = `sandbox-${name}-merchant-${options.platform}`;
    this.key = createHmac('sha256', options.key)
      .update(`gateway:${name}:${options.platform}`)
      .digest('hex');
  }

  // ------------------------------------------------------------------------- failures on demand

  /** The next operation of this kind fails (a declined card, a refused freeze …). */
  async failNext(kind: SandboxFailure): Promise<void> {
    await this.db.insertInto('sandbox_failures').values({ gateway: this.name, kind }).execute();
  }

  private async takeFailure(trx: Trx, kind: SandboxFailure): Promise<boolean> {
    const taken = await trx
      .deleteFrom('sandbox_failures')
      .where(
        'id',
        '=',
        trx
          .selectFrom('sandbox_failures')
          .select('id')
          .where('gateway', '=', this.name)
          .where('kind', '=', kind)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning('id')
      .executeTakeFirst();
    return taken !== undefined;
  }

  /**
   * The CTE `failure` of a statement that a failure asked for decides: the oldest one of this kind
   * taken (deleted) by that statement, empty when none waits. One round trip instead of two; a
   * rollback gives the failure back as before.
   */
  private failureTaken(kind: SandboxFailure | undefined, onlyIf: RawBuilder<unknown> = sql`true`) {
    if (kind === undefined) return sql`failure as (select null::integer as id where false)`;
    return sql`failure as (
      delete from sandbox_failures where id = (
        select id from sandbox_failures where gateway = ${this.name} and kind = ${kind}
        order by id limit 1 for update skip locked)
        and ${onlyIf}
      returning id)`;
  }

  // ------------------------------------------------------------------------------------ trades

  async createTrade(input: TradeInput): Promise<{ tradeNo: string }> {
    // One statement: atomic without a transaction of its own.
    const trade = await this.openTrade(this.db, input);
    return { tradeNo: trade.trade_no };
  }

  /**
   * Inserts the trade, or returns (and locks) the one already opened under this number, in one
   * statement (a conflicting insert's no-op update returns the existing row); same amount only.
   */
  private async openTrade(db: Db, input: TradeInput & { authNo?: string }) {
    const trade = await db
      .insertInto('sandbox_trades')
      .values({
        out_trade_no: input.outTradeNo,
        gateway: this.name,
        trade_no: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
        amount: input.amount,
        subject: input.subject.slice(0, 256),
        notify_url: this.options.notifyUrl(),
        auth_no: input.authNo ?? null,
      })
      .onConflict((oc) =>
        oc
          .column('out_trade_no')
          .doUpdateSet((eb) => ({ out_trade_no: eb.ref('excluded.out_trade_no') })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    if (trade.gateway !== this.name || trade.amount !== input.amount)
      throw new ProviderError(this.name, 'rejected', 'trade number used with another amount');
    return trade;
  }

  async queryTrade(outTradeNo: string): Promise<TradeState | undefined> {
    const trade = await this.db
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('out_trade_no', '=', outTradeNo)
      .where('gateway', '=', this.name)
      .executeTakeFirst();
    return trade
      ? {
          outTradeNo: trade.out_trade_no,
          tradeNo: trade.trade_no,
          amount: trade.amount,
          status: trade.status,
          refunded: trade.refunded,
        }
      : undefined;
  }

  /** What the cashier page's buttons do. Paying an already-paid trade charges nothing. */
  async complete(
    outTradeNo: string,
    outcome: SandboxOutcome,
  ): Promise<'paid' | 'failed' | 'closed' | 'unknown'> {
    // Paying fails when a failure was asked for (taken by the statement that settles).
    const status = outcome === 'pay' ? 'paid' : outcome === 'cancel' ? 'closed' : 'failed';
    const unlessFailure = outcome === 'pay' ? ('pay' as const) : undefined;
    const outcomeOf = (trade: { status: string } | undefined) =>
      !trade ? 'unknown' : trade.status === 'paid' ? 'paid' : (trade.status as 'failed' | 'closed');
    if (this.options.jobs.runsHere) {
      // No job to add with it: the trade is read, then settled (if still open) with its
      // notification in one statement, no transaction around them.
      const trade = await this.findTrade(this.db, outTradeNo);
      if (!trade || trade.status !== 'open') return outcomeOf(trade);
      const deliveries: Delivery[] = [];
      const settled = await this.finish(this.db, deliveries, trade, status, unlessFailure);
      this.deliver(deliveries);
      // Settled meanwhile (a second press): what that one did.
      return settled ?? outcomeOf(await this.findTrade(this.db, outTradeNo));
    }
    return this.transact(async (trx, deliveries) => {
      const trade = await this.findTrade(trx, outTradeNo, { lock: true });
      if (!trade || trade.status !== 'open') return outcomeOf(trade);
      return this.settledOrThrow(
        await this.finish(trx, deliveries, trade, status, unlessFailure),
        outTradeNo,
      );
    });
  }

  private findTrade(executor: Executor, outTradeNo: string, { lock = false } = {}) {
    return executor
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('out_trade_no', '=', outTradeNo)
      .where('gateway', '=', this.name)
      .$if(lock, (query) => query.forUpdate())
      .executeTakeFirst();
  }

  /** A trade this transaction holds open was settled (anything else is a bug). */
  private settledOrThrow<T>(settled: T | undefined, outTradeNo: string): T {
    if (settled === undefined) throw new Error(`sandbox trade ${outTradeNo} was not open`);
    return settled;
  }

  /**
   * Settles the trade if it is open and stores its notification, in one statement; then queues
   * the notification's delivery. With `unlessFailure`, a failure of that kind asked for is taken
   * by the same statement (only while the trade is open) and the trade fails instead. Undefined
   * when the trade was no longer open.
   */
  private async finish(
    executor: Executor,
    deliveries: Delivery[],
    trade: { out_trade_no: string; trade_no: string; amount: number; notify_url: string },
    status: 'paid' | 'failed' | 'closed',
    unlessFailure?: SandboxFailure,
  ): Promise<'paid' | 'failed' | 'closed' | undefined> {
    const fields = (settled: 'paid' | 'failed' | 'closed') =>
      JSON.stringify(
        this.signed({
          notify_type: 'trade',
          trade_status: settled === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
          out_trade_no: trade.out_trade_no,
          trade_no: trade.trade_no,
          total_amount: String(trade.amount),
        }),
      );
    const open = sql`exists (select 1 from sandbox_trades
      where out_trade_no = ${trade.out_trade_no} and status = 'open')`;
    const { rows } = await sql<{ id: number; fields: NotificationFields; status: typeof status }>`
      with ${this.failureTaken(unlessFailure, open)},
      settled as (
        update sandbox_trades
        set status = case when exists (select 1 from failure) then 'failed' else ${status} end,
          paid_at = case when exists (select 1 from failure) then null
            else ${status === 'paid' ? new Date() : null}::timestamptz end
        where out_trade_no = ${trade.out_trade_no} and status = 'open'
        returning status),
      notified as (
        insert into sandbox_notifications (gateway, notify_url, fields)
        select ${this.name}, ${trade.notify_url},
          case when s.status = 'paid' then ${fields('paid')}::jsonb else ${fields('failed')}::jsonb end
        from settled s
        returning id, fields)
      select n.id, n.fields, s.status from notified n cross join settled s`.execute(executor);
    const settled = rows[0];
    if (!settled) return undefined;
    await this.queueDelivery(executor, deliveries, settled.id, trade.notify_url, settled.fields);
    return settled.status;
  }

  async closeTrade(outTradeNo: string): Promise<'closed' | 'paid' | 'unknown'> {
    return this.db.transaction().execute(async (trx) => {
      const trade = await trx
        .selectFrom('sandbox_trades')
        .select(['status'])
        .where('out_trade_no', '=', outTradeNo)
        .where('gateway', '=', this.name)
        .forUpdate()
        .executeTakeFirst();
      if (!trade) return 'unknown';
      if (trade.status === 'paid') return 'paid';
      if (trade.status === 'open')
        await trx
          .updateTable('sandbox_trades')
          .set({ status: 'closed' })
          .where('out_trade_no', '=', outTradeNo)
          .execute();
      return 'closed';
    });
  }

  async withhold(input: TradeInput & { agreementNo: string }): Promise<void> {
    await this.transact(async (trx, deliveries) => {
      const trade = await this.openTrade(trx, input);
      if (trade.status !== 'open') return;
      // Declined when a failure was asked for (taken by the statement that settles).
      this.settledOrThrow(
        await this.finish(trx, deliveries, trade, 'paid', 'withhold'),
        input.outTradeNo,
      );
    });
  }

  // ----------------------------------------------------------------------------------- refunds

  async refund(input: { outTradeNo: string; outRefundNo: string; amount: number }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const done = await trx
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('out_refund_no', '=', input.outRefundNo)
        .executeTakeFirst();
      if (done) {
        // The same request again: the same answer, nothing moves.
        if (done.out_trade_no !== input.outTradeNo || done.amount !== input.amount)
          throw new ProviderError(this.name, 'rejected', 'refund number used for another refund');
        return;
      }
      if (await this.takeFailure(trx, 'refund'))
        throw new ProviderError(this.name, 'unavailable', 'sandbox: refund service failed');
      const trade = await trx
        .selectFrom('sandbox_trades')
        .selectAll()
        .where('out_trade_no', '=', input.outTradeNo)
        .where('gateway', '=', this.name)
        .forUpdate()
        .executeTakeFirst();
      if (!trade || trade.status !== 'paid' || trade.refunded + input.amount > trade.amount)
        throw new ProviderError(this.name, 'rejected', 'refund exceeds what was paid');
      await trx
        .insertInto('sandbox_refunds')
        .values({
          out_refund_no: input.outRefundNo,
          out_trade_no: input.outTradeNo,
          amount: input.amount,
        })
        .execute();
      await trx
        .updateTable('sandbox_trades')
        .set({ refunded: trade.refunded + input.amount })
        .where('out_trade_no', '=', input.outTradeNo)
        .execute();
    });
  }

  async queryRefund(input: {
    outTradeNo: string;
    outRefundNo: string;
  }): Promise<{ amount: number } | undefined> {
    const refund = await this.db
      .selectFrom('sandbox_refunds')
      .select(['amount'])
      .where('out_refund_no', '=', input.outRefundNo)
      .where('out_trade_no', '=', input.outTradeNo)
      .executeTakeFirst();
    return refund ? { amount: refund.amount } : undefined;
  }

  // ------------------------------------------------------------------------ fund authorisation

  async freeze(input: { outRequestNo: string; amount: number }): Promise<void> {
    const askedBefore = new Error('asked before');
    const authNo = `SBXAUTH${randomBytes(8).toString('hex').toUpperCase()}`;
    const notifyUrl = this.options.notifyUrl();
    const fields = (failed: boolean) =>
      JSON.stringify(
        this.signed({
          notify_type: 'freeze',
          out_trade_no: input.outRequestNo,
          auth_no: authNo,
          status: failed ? 'FAIL' : 'SUCCESS',
          trade_status: failed ? 'FAIL' : 'SUCCESS',
          total_amount: String(input.amount),
        }),
      );
    // One statement: a failure asked for is taken (not when the number was asked before), the
    // authorisation recorded (frozen, or failed when a failure was taken) and its notification
    // stored; nothing when the number was asked before.
    const record = (executor: Executor) =>
      sql<{ id: number; fields: NotificationFields }>`
        with ${this.failureTaken(
          'freeze',
          sql`not exists (select 1 from sandbox_authorisations
            where out_request_no = ${input.outRequestNo})`,
        )},
        authorised as (
          insert into sandbox_authorisations
            (out_request_no, auth_no, amount, frozen, status, notify_url)
          select ${input.outRequestNo}, ${authNo}, ${input.amount}::integer,
            case when f.failed then 0 else ${input.amount}::integer end,
            case when f.failed then 'failed' else 'frozen' end, ${notifyUrl}
          from (select exists (select 1 from failure) as failed) f
          where true
          on conflict (out_request_no) do nothing
          returning status)
        insert into sandbox_notifications (gateway, notify_url, fields)
        select ${this.name}, ${notifyUrl},
          case when a.status = 'failed' then ${fields(true)}::jsonb else ${fields(false)}::jsonb end
        from authorised a
        returning id, fields`.execute(executor);
    if (this.options.jobs.runsHere) {
      // No job to add with it: the statement alone, no transaction.
      const stored = (await record(this.db)).rows[0];
      if (stored) this.deliver([{ id: stored.id, notifyUrl, fields: stored.fields }]);
      return;
    }
    try {
      await this.transact(async (trx, deliveries) => {
        // Asked twice at once: the rollback gives back a failure the loser took.
        const stored = (await record(trx)).rows[0];
        if (!stored) throw askedBefore;
        await this.queueDelivery(trx, deliveries, stored.id, notifyUrl, stored.fields);
      });
    } catch (error) {
      if (error !== askedBefore) throw error;
    }
  }

  async queryFreeze(outRequestNo: string): Promise<FreezeState | undefined> {
    const auth = await this.db
      .selectFrom('sandbox_authorisations')
      .selectAll()
      .where('out_request_no', '=', outRequestNo)
      .executeTakeFirst();
    return auth
      ? {
          outRequestNo: auth.out_request_no,
          authNo: auth.auth_no,
          amount: auth.amount,
          status: auth.status,
          frozen: auth.frozen,
        }
      : undefined;
  }

  private async lockAuth(trx: Trx, authNo: string) {
    const auth = await trx
      .selectFrom('sandbox_authorisations')
      .selectAll()
      .where('auth_no', '=', authNo)
      .forUpdate()
      .executeTakeFirst();
    if (!auth || auth.status !== 'frozen')
      throw new ProviderError(this.name, 'rejected', 'unknown authorisation');
    return auth;
  }

  async unfreeze(input: { authNo: string; outRequestNo: string; amount: number }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const done = await trx
        .selectFrom('sandbox_authorisation_operations')
        .selectAll()
        .where('out_request_no', '=', input.outRequestNo)
        .executeTakeFirst();
      if (done) {
        if (done.auth_no !== input.authNo || done.amount !== input.amount)
          throw new ProviderError(
            this.name,
            'rejected',
            'request number used for another unfreeze',
          );
        return;
      }
      if (await this.takeFailure(trx, 'unfreeze'))
        throw new ProviderError(this.name, 'unavailable', 'sandbox: unfreeze service failed');
      const auth = await this.lockAuth(trx, input.authNo);
      if (input.amount > auth.frozen)
        throw new ProviderError(this.name, 'rejected', 'unfreeze exceeds frozen');
      await trx
        .updateTable('sandbox_authorisations')
        .set({ frozen: auth.frozen - input.amount })
        .where('auth_no', '=', input.authNo)
        .execute();
      await trx
        .insertInto('sandbox_authorisation_operations')
        .values({
          out_request_no: input.outRequestNo,
          auth_no: input.authNo,
          kind: 'unfreeze',
          amount: input.amount,
        })
        .execute();
    });
  }

  async queryUnfreeze(outRequestNo: string): Promise<{ amount: number } | undefined> {
    const op = await this.db
      .selectFrom('sandbox_authorisation_operations')
      .select(['amount'])
      .where('out_request_no', '=', outRequestNo)
      .executeTakeFirst();
    return op ? { amount: op.amount } : undefined;
  }

  async payFromAuth(input: TradeInput & { authNo: string; authRequestNo: string }): Promise<void> {
    await this.transact(async (trx, deliveries) => {
      const existing = await trx
        .selectFrom('sandbox_trades')
        .select('out_trade_no')
        .where('out_trade_no', '=', input.outTradeNo)
        .executeTakeFirst();
      if (existing) return;
      const auth = await this.lockAuth(trx, input.authNo);
      if (input.amount > auth.frozen)
        throw new ProviderError(this.name, 'rejected', 'payment exceeds frozen');
      await trx
        .updateTable('sandbox_authorisations')
        .set({ frozen: auth.frozen - input.amount })
        .where('auth_no', '=', input.authNo)
        .execute();
      const trade = await this.openTrade(trx, input);
      this.settledOrThrow(await this.finish(trx, deliveries, trade, 'paid'), input.outTradeNo);
    });
  }

  // ------------------------------------------------------------------ WeChat Pay Score (sandbox)
  // The service order is a sandbox authorisation under its out_order_no: the user confirms at
  // once (its 'freeze' notification is USER_CONFIRM's), a completion takes what is owed as a
  // trade of our payment's number and releases the rest, a cancellation releases it all.
  // failNext('payscore') makes the next creation a refusal of Pay Score's assessment.

  async createServiceOrder(input: {
    outOrderNo: string;
    openId: string;
    deposit: number;
    title: string;
  }): Promise<
    | {
        kind: 'created';
        orderId: string;
        confirmation: { businessType: 'wxpayScoreUse'; extraData: { package: string } };
      }
    | { kind: 'refused'; reason: string }
  > {
    const refused = await this.db.transaction().execute((trx) => this.takeFailure(trx, 'payscore'));
    if (refused) return { kind: 'refused', reason: '综合评估未通过' };
    await this.freeze({ outRequestNo: input.outOrderNo, amount: input.deposit });
    return {
      kind: 'created',
      orderId: '',
      confirmation: {
        businessType: 'wxpayScoreUse',
        extraData: { package: `sandbox-${input.outOrderNo}` },
      },
    };
  }

  async queryServiceOrder(outOrderNo: string) {
    const auth = await this.db
      .selectFrom('sandbox_authorisations')
      .selectAll()
      .where('out_request_no', '=', outOrderNo)
      .executeTakeFirst();
    if (!auth) return undefined;
    const state = auth.status !== 'frozen' ? 'REVOKED' : auth.frozen > 0 ? 'DOING' : 'DONE';
    return {
      out_order_no: outOrderNo,
      order_id: auth.auth_no,
      state,
      ...(state === 'DOING' ? { state_description: 'USER_CONFIRM' } : {}),
      risk_fund: { name: 'DEPOSIT', amount: auth.amount },
    };
  }

  async cancelServiceOrder(outOrderNo: string): Promise<void> {
    const held = await this.queryServiceOrder(outOrderNo);
    if (held?.state !== 'DOING') return;
    const { frozen } = await this.db
      .selectFrom('sandbox_authorisations')
      .select('frozen')
      .where('out_request_no', '=', outOrderNo)
      .executeTakeFirstOrThrow();
    await this.unfreeze({ authNo: held.order_id, outRequestNo: `${outOrderNo}C`, amount: frozen });
  }

  async completeServiceOrder(
    outOrderNo: string,
    items: { name: string; amount: number }[],
    _endTime: string,
    collectAs?: string,
  ): Promise<void> {
    const held = await this.queryServiceOrder(outOrderNo);
    if (!held) throw new ProviderError(this.name, 'rejected', `no service order ${outOrderNo}`);
    const total = items.reduce((sum, item) => sum + item.amount, 0);
    if (total > 0) {
      if (!collectAs) throw new ProviderError(this.name, 'rejected', 'nothing to collect as');
      await this.payFromAuth({
        outTradeNo: collectAs,
        amount: total,
        subject: items.map((i) => i.name).join('、'),
        authNo: held.order_id,
        authRequestNo: outOrderNo,
      });
    }
    const { frozen } = await this.db
      .selectFrom('sandbox_authorisations')
      .select('frozen')
      .where('out_request_no', '=', outOrderNo)
      .executeTakeFirstOrThrow();
    if (frozen > 0)
      await this.unfreeze({
        authNo: held.order_id,
        outRequestNo: `${outOrderNo}D`,
        amount: frozen,
      });
  }

  // ----------------------------------------------------------------------------- notifications

  verify(fields: NotificationFields): boolean {
    const sign = fields.sign;
    if (typeof sign !== 'string' || !/^[0-9a-f]{64}$/.test(sign)) return false;
    const expected = Buffer.from(signFields(this.key, fields), 'hex');
    return timingSafeEqual(expected, Buffer.from(sign, 'hex'));
  }

  /** Builds a signed notification with these fields (tests forge replays and bad ones with it). */
  signed(fields: NotificationFields): NotificationFields {
    const withId: NotificationFields = {
      notify_id: randomBytes(12).toString('hex'),
      notify_time: new Date().toISOString(),
      [MERCHANT_FIELD[this.name]]: this.merchantId,
      ...fields,
    };
    return { ...withId, sign: signFields(this.key, withId) };
  }

  /**
   * The delivery of a stored notification: where this process runs jobs, its first attempt is
   * made here once the transaction commits (`transact`), and the job is added only to retry a
   * failed one; elsewhere the job is added with the transaction that stored it. Either way the
   * row is stored first and retried until answered (a crash before the first attempt:
   * `sweepSandboxNotifications`).
   */
  private async queueDelivery(
    executor: Executor,
    deliveries: Delivery[],
    id: number,
    notifyUrl: string,
    fields: NotificationFields,
  ): Promise<void> {
    // The job carries what it posts, so its first attempt need not read the row back.
    const delivery = { id, notifyUrl, fields };
    if (this.options.jobs.runsHere) deliveries.push(delivery);
    else await this.options.jobs.enqueue(executor, 'sandbox-notify', delivery);
  }

  /** Runs `work` in a transaction, then makes the first attempts of the notifications it stored. */
  private async transact<T>(work: (trx: Trx, deliveries: Delivery[]) => Promise<T>): Promise<T> {
    const deliveries: Delivery[] = [];
    const result = await this.db.transaction().execute((trx) => work(trx, deliveries));
    this.deliver(deliveries);
    return result;
  }

  /** The first attempts of notifications stored and committed (`queueDelivery`). */
  private deliver(deliveries: readonly Delivery[]): void {
    for (const delivery of deliveries) this.options.jobs.runHere('sandbox-notify', delivery);
  }

  /** A signature for the cashier page's links: only whoever opened the payment can pay it there. */
  /** The cashier page's link for a payment, signed for it (PaymentGateway.cashierLink). */
  cashierLink(outTradeNo: string): string {
    return `/pay/cashier/${outTradeNo}?sig=${this.cashierSignature(outTradeNo)}`;
  }

  cashierSignature(outTradeNo: string): string {
    return createHmac('sha256', this.key)
      .update(`cashier:${outTradeNo}`)
      .digest('hex')
      .slice(0, 32);
  }

  checkCashierSignature(outTradeNo: string, signature: unknown): boolean {
    if (typeof signature !== 'string' || !/^[0-9a-f]{32}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(this.cashierSignature(outTradeNo)), Buffer.from(signature));
  }

  // ------------------------------------------------------------------------------- for tests

  /** Successful charges, by out-trade number (tests check nothing is charged twice). */
  async charges(outTradeNo?: string): Promise<{ outTradeNo: string; amount: number }[]> {
    const rows = await this.db
      .selectFrom('sandbox_trades')
      .select(['out_trade_no', 'amount'])
      .where('gateway', '=', this.name)
      .where('status', '=', 'paid')
      .$if(outTradeNo !== undefined, (q) => q.where('out_trade_no', '=', outTradeNo!))
      .orderBy('paid_at')
      .execute();
    return rows.map((row) => ({ outTradeNo: row.out_trade_no, amount: row.amount }));
  }

  /** Still frozen on an authorisation (for reconciliation checks). */
  async frozenOn(authNo: string): Promise<number> {
    const auth = await this.db
      .selectFrom('sandbox_authorisations')
      .select('frozen')
      .where('auth_no', '=', authNo)
      .executeTakeFirst();
    if (!auth) throw new ProviderError(this.name, 'rejected', 'unknown authorisation');
    return auth.frozen;
  }
}

/**
 * Notifications stored but never attempted and without a job (the process that was to make the
 * first attempt, `queueDelivery`, stopped first): their job is added. The `sandbox-notify-sweep`
 * job, every minute; a minute's grace covers a first attempt under way.
 */
export async function sweepSandboxNotifications(
  db: Db,
  jobs: JobSender,
): Promise<{ queued: number }> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; notify_url: string; fields: NotificationFields }>`
      select n.id, n.notify_url, n.fields from sandbox_notifications n
      where n.status = 'pending' and n.attempts = 0
        and n.created_at < now() - interval '1 minute'
        and not exists (
          select 1 from pgboss.job j
          where j.name = 'sandbox-notify' and j.data->>'id' = n.id::text)
      order by n.id
      for update of n skip locked`.execute(trx);
    for (const row of rows)
      await jobs.enqueue(trx, 'sandbox-notify', {
        id: row.id,
        notifyUrl: row.notify_url,
        fields: row.fields,
      });
    return { queued: rows.length };
  });
}

/** How many times a sandbox notification is posted before the sandbox gives up (as Alipay's 8). */
export const SANDBOX_NOTIFY_ATTEMPTS = 8;

/**
 * The `sandbox-notify` job: posts one stored notification to its notify URL, form-encoded, and
 * retries (through the job's backoff) until the answer is `success`.
 */
export async function deliverSandboxNotification(
  db: Db,
  id: number,
  job: JobMeta,
  carried?: { notifyUrl: string; fields: NotificationFields },
): Promise<{ answer: string }> {
  // The first attempt posts what its job carries (only this job delivers the row, so it is
  // pending); a retry reads the row again, in case an earlier attempt got it delivered.
  const row =
    carried && job.retryCount === 0
      ? { notify_url: carried.notifyUrl, fields: carried.fields }
      : await db
          .selectFrom('sandbox_notifications')
          .select(['notify_url', 'fields'])
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
  if (!row) return { answer: 'already delivered' };
  let answer: string;
  try {
    const body = new URLSearchParams(row.fields).toString();
    answer = (await postForm(row.notify_url, body, 10_000)).trim().slice(0, 200);
  } catch (error) {
    answer = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
  }
  const delivered = answer === 'success';
  const last = job.retryCount >= job.retryLimit;
  await db
    .updateTable('sandbox_notifications')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_answer: answer,
      status: delivered ? 'delivered' : last ? 'abandoned' : 'pending',
      delivered_at: delivered ? new Date() : null,
    })
    .where('id', '=', id)
    .execute();
  if (!delivered) throw new Error(`notification ${id} answered "${answer}"`);
  return { answer };
}

/**
 * Kept-alive connections for the notification posts, one agent per scheme. node:http rather than
 * fetch: `npm run bench:orders` profiled fetch (undici and its web streams) at ~8 % of the server
 * thread, for two posts per order; this is the sandbox's side, which the real providers pay.
 */
const notifyAgents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/** POSTs a form to `url` and resolves to the answer's body (any status), failing after `timeoutMs`. */
function postForm(url: string, body: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') {
      reject(new Error(`cannot post to ${target.protocol} URLs`));
      return;
    }
    const request = (secure ? https : http).request(target, {
      method: 'POST',
      agent: secure ? notifyAgents.https : notifyAgents.http,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
      },
    });
    // One deadline for the whole exchange, as AbortSignal.timeout gave the fetch before.
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', fail);
    request.on('response', (response) => {
      response.setEncoding('utf8');
      let text = '';
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        resolve(text);
      });
      // Closed before its end (a settled promise ignores this after `end`).
      response.on('close', () => fail(new Error('the answer was cut off')));
    });
    request.end(body);
  });
}
