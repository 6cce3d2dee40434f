import { openPayment } from '../../api/pay';
import { apiUrl } from '../../platform/config';
import { pay, WECHAT_BROWSER_BLOCKED } from '../../platform/payment';
import { newIdempotencyKey } from '../../platform/request';
import { showMessage } from '../../platform/ui';
import { t } from '../../i18n';
import { paymentUrls } from './payment-state';
import { payChannel, returnOrigin } from '../../platform/pay-target';
import { rememberPayment } from './pending-payments';
import { replacePage } from '../../platform/navigation';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens a payment for the bills (none named: what the order owes now) and hands it to this
 * build's wallet: H5 leaves for the cashier (which returns to paymentResult), mini-programs come
 * back here and wait for the server's notification on the loading page. `previousTrade` is a
 * failed trade being retried: if the server still holds it open (its failure notice not yet in),
 * ask again shortly rather than send the user to a dead trade (not for a provider's mobile
 * cashier, whose trade stays payable).
 */
export async function startPayment(input: {
  orderId: number;
  billIds: number[];
  idempotencyKey: string;
  previousTrade?: string;
}): Promise<void> {
  let key = input.idempotencyKey;
  const origin = returnOrigin();
  let reply = await openPayment(
    {
      orderId: input.orderId,
      channel: payChannel(),
      ...(input.billIds.length > 0 ? { billIds: input.billIds } : {}),
      ...(origin ? { returnOrigin: origin } : {}),
    },
    key,
  );
  for (let attempt = 0; attempt < 3 && input.previousTrade; attempt += 1) {
    if (reply.code !== 200 || reply.data?.outTradeNo !== input.previousTrade) break;
    // A provider's own mobile cashier (Alipay wap pay) keeps the trade open after a quit or a
    // failed try, and no notice will close it: the same trade is the one to pay, no wait.
    if (/^https?:\/\//i.test(reply.data.cashierUrl)) break;
    await wait(1000);
    key = newIdempotencyKey();
    reply = await openPayment(
      {
        orderId: input.orderId,
        channel: payChannel(),
        ...(input.billIds.length > 0 ? { billIds: input.billIds } : {}),
        ...(origin ? { returnOrigin: origin } : {}),
      },
      key,
    );
  }
  if (reply.code !== 200 || !reply.data) {
    // The request layer has shown the server's message; the user stays to try again.
    throw new Error(reply.msg);
  }
  const payment = reply.data;
  rememberPayment({
    outTradeNo: payment.outTradeNo,
    orderId: input.orderId,
    billIds: input.billIds,
  });
  const result = await pay({
    tradeNo: payment.tradeNo,
    cashierUrl: apiUrl(payment.cashierUrl),
    // WeChat: wx.requestPayment takes the server's signed parameters as they are.
    ...(payment.wechat ? { wechat: payment.wechat } : {}),
  });
  switch (result.status) {
    case 'redirected':
      return;
    case 'paid':
    case 'pending':
      await replacePage(paymentUrls.waitPayment(input.orderId, payment.outTradeNo));
      return;
    case 'cancelled':
    case 'failed':
      await replacePage(
        paymentUrls.failed(
          input.orderId,
          payment.outTradeNo,
          result.status === 'cancelled'
            ? 'cancel'
            : result.reason === 'network'
              ? 'network'
              : 'fail',
        ),
      );
      return;
    default:
      void showMessage(
        t(
          result.detail === WECHAT_BROWSER_BLOCKED
            ? 'payment.openInBrowser'
            : 'payment.unavailable',
        ),
      );
      throw new Error(result.detail);
  }
}
