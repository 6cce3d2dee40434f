/**
 * One brand's live Alipay gateway: trade payments for the mini-program (`alipay.trade.create`
 * with the buyer, paid by `my.tradePay({ tradeNO })`), refunds, and the Zhima credit deposit
 * freeze (`alipay.fund.auth.order.app.freeze` order string, authorised by the user in the
 * wallet), its unfreeze, payment from it (`alipay.trade.pay`, `PRE_AUTH_ONLINE`, with `auth_no`)
 * and its query.
 *
 * Every money call carries our own number, on which Alipay is idempotent (`out_trade_no`,
 * `out_request_no`); the outbox jobs call it after their transaction commits and retry on
 * anything but a business refusal. Alipay's own notifications are verified with its key and
 * translated into the engine's common fields (`interpret`).
 */
import { yuan } from '../lib/money.ts';
import {
  AlipayClient,
  AlipayRefusal,
  beijingTime,
  fenOf,
  type AlipayFields,
} from '../providers/alipay/client.ts';
import type { AlipayMerchant, AlipaySettings } from '../boot/live-settings.ts';
import { ProviderError } from '../providers/errors.ts';
import type {
  FreezeState,
  FundAuthGateway,
  NotificationFields,
  OrderCentreState,
  TradeInput,
  TradeState,
} from './gateway.ts';

/** How long the user has to pay a trade or authorise a freeze at the cashier. */
const PAY_TIMEOUT = '2h';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A refusal that no retry changes, for the outbox to record as failed. */
const rejected = (refusal: AlipayRefusal) =>
  new ProviderError('alipay', 'rejected', refusal.message);

const TRADE_STATUS: Record<string, TradeState['status']> = {
  WAIT_BUYER_PAY: 'open',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

export class AlipayLiveGateway implements FundAuthGateway {
  readonly name = 'alipay' as const;
  readonly merchantId: string;
  private readonly client: AlipayClient;

  private readonly merchant: AlipayMerchant;
  /** This brand's notify URL (`…/pay/notify/alipay/<brand>`), read at each call. */
  private readonly notifyUrl: () => string;

  constructor(
    merchant: AlipayMerchant,
    settings: Pick<AlipaySettings, 'gatewayUrl' | 'timeoutMs'>,
    notifyUrl: () => string,
  ) {
    this.merchant = merchant;
    this.notifyUrl = notifyUrl;
    this.client = new AlipayClient(merchant, settings);
    this.merchantId = merchant.appId;
  }

  // ------------------------------------------------------------------------------------ trades

  async createTrade(input: TradeInput): Promise<{ tradeNo: string }> {
    const buyer = input.buyer?.userId
      ? { buyer_id: input.buyer.userId }
      : input.buyer?.openId
        ? { buyer_open_id: input.buyer.openId }
        : undefined;
    if (!buyer) throw new ProviderError('alipay', 'rejected', '请先在支付宝中授权登录后再支付');
    try {
      const answer = await this.client.exec(
        'alipay.trade.create',
        {
          out_trade_no: input.outTradeNo,
          total_amount: yuan(input.amount),
          subject: input.subject.slice(0, 256),
          product_code: 'JSAPI_PAY',
          op_app_id: this.merchant.appId,
          timeout_express: PAY_TIMEOUT,
          ...buyer,
        },
        { notifyUrl: this.notifyUrl() },
      );
      return { tradeNo: text(answer.trade_no) };
    } catch (error) {
      // Asked again after it was paid: it is the same trade.
      if (error instanceof AlipayRefusal && error.subCode === 'ACQ.TRADE_HAS_SUCCESS') {
        const trade = await this.queryTrade(input.outTradeNo);
        if (trade) return { tradeNo: trade.tradeNo };
      }
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
  }

  async queryTrade(outTradeNo: string): Promise<TradeState | undefined> {
    let answer: AlipayFields;
    try {
      answer = await this.client.exec('alipay.trade.query', { out_trade_no: outTradeNo });
    } catch (error) {
      if (error instanceof AlipayRefusal && error.subCode === 'ACQ.TRADE_NOT_EXIST')
        return undefined;
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
    const status = TRADE_STATUS[text(answer.trade_status)];
    if (!status) return undefined;
    return {
      outTradeNo,
      tradeNo: text(answer.trade_no),
      amount: fenOf(answer.total_amount),
      status,
      // trade.query does not say; each refund is asked for by its own number (queryRefund).
      refunded: 0,
    };
  }

  async closeTrade(outTradeNo: string): Promise<'closed' | 'paid' | 'unknown'> {
    try {
      await this.client.exec('alipay.trade.close', { out_trade_no: outTradeNo });
      return 'closed';
    } catch (error) {
      if (!(error instanceof AlipayRefusal)) throw error;
      if (error.subCode === 'ACQ.TRADE_NOT_EXIST') return 'unknown';
      // Not closable: paid meanwhile, or closed already.
      const trade = await this.queryTrade(outTradeNo);
      if (trade?.status === 'paid') return 'paid';
      if (trade?.status === 'closed') return 'closed';
      throw rejected(error);
    }
  }

  wapPayUrl(input: TradeInput & { returnUrl: string; quitUrl: string }): string {
    return this.client.pageUrl('alipay.trade.wap.pay', {
      notifyUrl: this.notifyUrl(),
      returnUrl: input.returnUrl,
      bizContent: {
        out_trade_no: input.outTradeNo,
        total_amount: yuan(input.amount),
        subject: input.subject.slice(0, 256),
        product_code: 'QUICK_WAP_WAY',
        quit_url: input.quitUrl,
        timeout_express: PAY_TIMEOUT,
      },
    });
  }

  // ----------------------------------------------------------------------------------- refunds

  async refund(input: { outTradeNo: string; outRefundNo: string; amount: number }): Promise<void> {
    try {
      // The same out_request_no again refunds nothing more (Alipay answers fund_change N).
      await this.client.exec('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        refund_amount: yuan(input.amount),
        out_request_no: input.outRefundNo,
      });
    } catch (error) {
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
  }

  async queryRefund(input: {
    outTradeNo: string;
    outRefundNo: string;
  }): Promise<{ amount: number } | undefined> {
    let answer: AlipayFields;
    try {
      answer = await this.client.exec('alipay.trade.fastpay.refund.query', {
        out_trade_no: input.outTradeNo,
        out_request_no: input.outRefundNo,
      });
    } catch (error) {
      if (error instanceof AlipayRefusal && error.subCode === 'ACQ.TRADE_NOT_EXIST')
        return undefined;
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
    // An unknown refund is answered 10000 with no amount.
    const status = text(answer.refund_status);
    if (!answer.refund_amount || (status && status !== 'REFUND_SUCCESS')) return undefined;
    return { amount: fenOf(answer.refund_amount) };
  }

  // ------------------------------------------------------------------------ fund authorisation

  /** The user authorises the freeze in the wallet (freezeOrder): nothing to ask from here. */
  async freeze(): Promise<void> {}

  freezeOrder(input: { outRequestNo: string; amount: number; title: string }): string {
    const credit = this.merchant.creditServiceId
      ? {
          // Zhima credit: a good score waives part or all of the deposit; the notification says
          // how much (credit_amount) and what was really frozen (fund_amount).
          extra_param: JSON.stringify({
            category: this.merchant.creditCategory,
            serviceId: this.merchant.creditServiceId,
          }),
          deposit_product_mode: 'DEPOSIT_ONLY',
        }
      : {};
    return this.client.orderString('alipay.fund.auth.order.app.freeze', {
      notifyUrl: this.notifyUrl(),
      bizContent: {
        // One freeze per authorisation row: the order number is the request number.
        out_order_no: input.outRequestNo,
        out_request_no: input.outRequestNo,
        order_title: input.title.slice(0, 100),
        amount: yuan(input.amount),
        product_code: 'PRE_AUTH_ONLINE',
        timeout_express: PAY_TIMEOUT,
        ...(this.merchant.payeeUserId ? { payee_user_id: this.merchant.payeeUserId } : {}),
        ...credit,
      },
    });
  }

  /** alipay.fund.auth.operation.detail.query of one operation; undefined when Alipay has none. */
  private async operation(query: Record<string, string>): Promise<AlipayFields | undefined> {
    try {
      return await this.client.exec('alipay.fund.auth.operation.detail.query', query);
    } catch (error) {
      if (error instanceof AlipayRefusal && /NOT_EXIST/.test(error.subCode)) return undefined;
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
  }

  async queryFreeze(outRequestNo: string): Promise<FreezeState | undefined> {
    const answer = await this.operation({
      out_order_no: outRequestNo,
      out_request_no: outRequestNo,
    });
    const status = text(answer?.status);
    // INIT: the user has not authorised yet.
    if (!answer || (status !== 'SUCCESS' && status !== 'CLOSED')) return undefined;
    return {
      outRequestNo,
      authNo: text(answer.auth_no),
      amount: fenOf(answer.amount),
      status: status === 'SUCCESS' ? 'frozen' : 'failed',
      frozen: fenOf(answer.rest_amount ?? answer.amount),
      ...(answer.credit_amount !== undefined ? { creditAmount: fenOf(answer.credit_amount) } : {}),
      ...(answer.fund_amount !== undefined ? { fundAmount: fenOf(answer.fund_amount) } : {}),
    };
  }

  async unfreeze(input: {
    authNo: string;
    outRequestNo: string;
    amount: number;
    completesCredit?: boolean;
  }): Promise<void> {
    try {
      await this.client.exec(
        'alipay.fund.auth.order.unfreeze',
        {
          auth_no: input.authNo,
          out_request_no: input.outRequestNo,
          amount: yuan(input.amount),
          remark: '租赁押金解冻',
          // AlipayFundAuthOrderUnfreezeModel.extra_param (alipay-sdk-net-all / -java-all):
          // "map<string, string>的json格式 … unfreezeBizInfo：由芝麻消费 … "bizComplete":"true"
          // ——标识本次解冻用户已履约，true表示信用单履约完结". The value is itself JSON text.
          ...(input.completesCredit
            ? {
                extra_param: JSON.stringify({
                  unfreezeBizInfo: JSON.stringify({ bizComplete: 'true' }),
                }),
              }
            : {}),
        },
        { notifyUrl: this.notifyUrl() },
      );
    } catch (error) {
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
  }

  async queryUnfreeze(
    outRequestNo: string,
    authNo?: string,
  ): Promise<{ amount: number } | undefined> {
    if (!authNo) return undefined;
    const answer = await this.operation({ auth_no: authNo, out_request_no: outRequestNo });
    if (!answer || text(answer.status) !== 'SUCCESS' || text(answer.operation_type) !== 'UNFREEZE')
      return undefined;
    return { amount: fenOf(answer.amount) };
  }

  /**
   * Payment from the frozen deposit ("授权转支付"): `alipay.trade.pay` with the authorisation's
   * `auth_no` and the product code of an online authorisation, `PRE_AUTH_ONLINE` (the method's
   * product_code: "PRE_AUTH_ONLINE：支付宝预授权产品；PRE_AUTH：新当面资金授权产品"). Its
   * description also makes `buyer_id` (the payer of the authorisation, asked of Alipay) and
   * `seller_id` required in this case; the seller is ALIPAY_PAYEE_USER_ID when set, else Alipay's
   * default, the merchant's own account.
   */
  async payFromAuth(
    input: TradeInput & { authNo: string; authRequestNo: string; credit?: boolean },
  ): Promise<void> {
    const freeze = await this.operation({
      auth_no: input.authNo,
      out_request_no: input.authRequestNo,
    });
    const payer = text(freeze?.payer_user_id)
      ? { buyer_id: text(freeze?.payer_user_id) }
      : text(freeze?.payer_open_id)
        ? { buyer_open_id: text(freeze?.payer_open_id) }
        : undefined;
    if (!payer)
      throw new ProviderError(
        'alipay',
        'rejected',
        `no payer known for the authorisation ${input.authNo}`,
      );
    try {
      await this.client.exec(
        'alipay.trade.pay',
        {
          out_trade_no: input.outTradeNo,
          total_amount: yuan(input.amount),
          subject: input.subject.slice(0, 256),
          product_code: 'PRE_AUTH_ONLINE',
          auth_no: input.authNo,
          ...payer,
          ...(this.merchant.payeeUserId ? { seller_id: this.merchant.payeeUserId } : {}),
          // The rest stays frozen: the engine releases it itself at return.
          auth_confirm_mode: 'NOT_COMPLETE',
          // A credit-waived authorisation holds no money for the waived part: Alipay collects
          // the rent from the user's funds, which it may do after answering. AlipayTradePayModel
          // .is_async_pay: "传入true时，表明本次期望走异步支付，会先将支付请求受理下来，再异步推进
          // … 只在代扣场景下有效"; the outcome is the trade notification the engine waits for
          // anyway, and a payment so collected is the instalment the Zhima order promised.
          ...(input.credit ? { is_async_pay: true } : {}),
        },
        { notifyUrl: this.notifyUrl() },
      );
    } catch (error) {
      // Asked again after it went through: already paid, the notification says so.
      if (error instanceof AlipayRefusal && error.subCode === 'ACQ.TRADE_HAS_SUCCESS') return;
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
  }

  // ------------------------------------------------------------------------------ order centre

  async syncOrder(input: OrderCentreState): Promise<void> {
    const buyer = input.buyer.userId
      ? { buyer_id: input.buyer.userId }
      : { buyer_open_id: input.buyer.openId };
    try {
      // Field names as AlipayMerchantOrderSyncModel (the official SDKs' model) spells them; the
      // ext_info keys and status values are the online-rental category's (3C_RENT).
      await this.client.exec('alipay.merchant.order.sync', {
        out_biz_no: input.outBizNo,
        ...buyer,
        order_type: 'SERVICE_ORDER',
        order_create_time: beijingTime(input.createdAt),
        // Orders the updates: a later one is kept, one with the same time is a repeat.
        order_modified_time: beijingTime(input.modifiedAt),
        amount: yuan(input.amount),
        pay_amount: yuan(input.paid),
        item_order_list: [
          { item_name: input.title.slice(0, 128), quantity: 1, unit_price: yuan(input.amount) },
        ],
        // AlipayMerchantOrderSyncModel.logistics_info_list (OrderLogisticsInformationRequest:
        // tracking_no, logistics_code, phone_no): the parcel the order centre tracks.
        ...(input.waybill ? { logistics_info_list: [{ tracking_no: input.waybill }] } : {}),
        ext_info: [
          { ext_key: 'merchant_order_status', ext_value: input.state },
          { ext_key: 'merchant_biz_type', ext_value: '3C_RENT' },
          { ext_key: 'merchant_order_link_page', ext_value: input.page },
          { ext_key: 'tiny_app_id', ext_value: this.merchant.appId },
          {
            ext_key: 'business_info',
            // What the order card shows the customer besides the status: the rent and term,
            // the waybill, the next rent due and what is overdue (yuan, dates Beijing's).
            ext_value: JSON.stringify({
              total_rent: yuan(input.amount),
              lease: input.lease,
              ...(input.waybill ? { waybill_no: input.waybill } : {}),
              ...(input.nextDue
                ? { next_pay_date: input.nextDue.date, next_pay_amount: yuan(input.nextDue.amount) }
                : {}),
              overdue_amount: yuan(input.overdueAmount),
            }),
          },
        ],
      });
    } catch (error) {
      if (error instanceof AlipayRefusal) throw rejected(error);
      throw error;
    }
  }

  // ----------------------------------------------------------------------------- notifications

  verify(fields: NotificationFields): boolean {
    if (fields.sign_type && fields.sign_type !== 'RSA2') return false;
    try {
      // Values as posted, not URL-decoded again (a `%` in a subject must not break it).
      return this.client.sdk.checkNotifySignV2(fields);
    } catch {
      return false;
    }
  }

  interpret(fields: NotificationFields): NotificationFields {
    const common: NotificationFields = {
      notify_id: fields.notify_id ?? '',
      // The app the notification is for: `app_id` where it has one (trade notifications); the
      // fund_auth_* notifications document `auth_app_id` instead. A notification naming neither
      // names no merchant, and the engine refuses it as not ours.
      app_id: fields.app_id || fields.auth_app_id || '',
    };
    if (fields.notify_type === 'fund_auth_freeze' && fields.operation_type !== 'UNFREEZE') {
      const credit = fields.credit_amount !== undefined ? fenOf(fields.credit_amount) : undefined;
      const fund = fields.fund_amount !== undefined ? fenOf(fields.fund_amount) : undefined;
      return {
        ...common,
        notify_type: 'freeze',
        out_trade_no: fields.out_request_no ?? '',
        auth_no: fields.auth_no ?? '',
        status: fields.status === 'SUCCESS' ? 'SUCCESS' : fields.status === 'CLOSED' ? 'FAIL' : '',
        total_amount: String(fenOf(fields.amount)),
        ...(credit !== undefined ? { credit_amount: String(credit) } : {}),
        ...(fund !== undefined ? { fund_amount: String(fund) } : {}),
      };
    }
    const status = TRADE_STATUS[fields.trade_status ?? ''];
    if (fields.notify_type === 'trade_status_sync' && (status === 'paid' || status === 'closed'))
      return {
        ...common,
        notify_type: 'trade',
        out_trade_no: fields.out_trade_no ?? '',
        trade_no: fields.trade_no ?? '',
        trade_status: status === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
        total_amount: String(fenOf(fields.total_amount)),
      };
    // WAIT_BUYER_PAY, unfreeze results and the like: nothing the engine waits for.
    return {
      ...common,
      notify_type: 'progress',
      out_trade_no: fields.out_trade_no ?? fields.out_request_no ?? '',
    };
  }
}
