/**
 * Order detail: /pages/orderDetail/orderDetail?orderId=<id>[&action=cancel|receive|renew|buyout]
 * (`action` comes from a My orders card button and runs once the order has loaded, if the server
 * still offers it). Paying bills goes to /pages/billDetail/billDetail?orderId=<id>, a buy-out or
 * renewal bill to /pages/billpay/pay?orderId=<id>&billIds=<bill id>.
 */
import { Text, View } from '@tarojs/components';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  applyBuyout,
  cancelOrder,
  confirmChanges,
  confirmReceipt,
  applyEarlyReturn,
  fetchBuyoutQuote,
  fetchEarlyReturnQuote,
  fetchOrderDetail,
  fetchReasons,
  fetchRenewalQuote,
  payRenewal,
  type OrderDetail as Order,
  type OrderQuote,
} from '../../api/order';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState, Skeleton } from '../../components/states';
import { useTranslation } from '../../i18n';
import { usePageShow } from '../../platform/page-route';
import { newIdempotencyKey } from '../../platform/request';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { formatMoney } from '../../utils';
import { OrderFacts } from './OrderFacts';
import { OrderProgress } from './OrderProgress';
import { actionButtons, termUnitLabel, type ActionButton } from './orderView';
import { QuoteSheet } from './QuoteSheet';
import './order.scss';
import { openPage } from '../../platform/open-page';
import { pickOne } from '../../platform/action-sheet';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready' };
type Sheet = 'none' | 'buyout' | 'renew' | 'earlyReturn';

const RENEW_PERIODS = [1, 2, 3, 6, 12] as const;
const SERVICE_PAGE = '/pages/customer-service/customerService';

export function parseOrderId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

export function billPayUrl(orderId: number, billIds: readonly number[]): string {
  return `/pages/billpay/pay?orderId=${orderId}&billIds=${billIds.join(',')}`;
}

export function OrderDetailScreen({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseOrderId(params.orderId);
  const [order, setOrder] = useState<Order | undefined>();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [sheet, setSheet] = useState<Sheet>('none');
  const [quote, setQuote] = useState<OrderQuote | undefined>();
  const [quoteError, setQuoteError] = useState('');
  const [periods, setPeriods] = useState<number>(1);
  const [busy, setBusy] = useState(false);
  const pendingAction = useRef<string | undefined>(params.action);
  const renewKey = useRef(newIdempotencyKey());

  const reload = useCallback(async (): Promise<Order | undefined> => {
    if (orderId === undefined) {
      setLoad({ state: 'error', message: t('order.notFound') });
      return undefined;
    }
    const reply = await fetchOrderDetail(orderId);
    if (reply.code !== 200 || !reply.data) {
      setLoad({ state: 'error', message: reply.msg });
      return undefined;
    }
    setOrder(reply.data);
    setLoad({ state: 'ready' });
    return reply.data;
  }, [orderId, t]);

  // Coming back from paying, signing or a return form shows the new state (the first show is
  // the effect below).
  const shown = useRef(false);
  usePageShow(() => {
    if (shown.current) void reload();
    shown.current = true;
  });
  useEffect(() => {
    void reload();
  }, [reload]);

  const openBuyout = async (current: Order) => {
    setSheet('buyout');
    setQuote(undefined);
    setQuoteError('');
    const reply = await fetchBuyoutQuote(current.id);
    if (reply.code === 200 && reply.data) setQuote(reply.data);
    else setQuoteError(reply.msg || t('states.loadFailed'));
  };

  const openEarlyReturn = async (current: Order) => {
    setSheet('earlyReturn');
    setQuote(undefined);
    setQuoteError('');
    const reply = await fetchEarlyReturnQuote(current.id);
    if (reply.code === 200 && reply.data) setQuote(reply.data);
    else setQuoteError(reply.msg || t('states.loadFailed'));
  };

  const quoteRenewal = async (current: Order, count: number) => {
    setPeriods(count);
    // Another term is another request: a fresh key (the server refuses a key reused for it).
    renewKey.current = newIdempotencyKey();
    setQuote(undefined);
    setQuoteError('');
    const reply = await fetchRenewalQuote(current.id, count);
    if (reply.code === 200 && reply.data) setQuote(reply.data);
    else setQuoteError(reply.msg || t('states.loadFailed'));
  };

  /** After a buy-out or renewal is opened: pay its bill on the bill-payment screen. */
  const payOpenBill = async (kind: 'BUYOUT' | 'RENEWAL' | 'EARLY_RETURN') => {
    const fresh = await reload();
    const bill = fresh?.bills.find((b) => b.kind === kind && b.status === 'unpaid');
    setSheet('none');
    if (fresh && bill) void openPage(billPayUrl(fresh.id, [bill.id]));
  };

  const cancel = async (current: Order) => {
    const reasons = await fetchReasons('cancel_reason');
    const labels = reasons.code === 200 && reasons.data ? reasons.data.map((r) => r.label) : [];
    if (labels.length > 0 && (await pickOne(labels)) === undefined) return;
    const sure = await confirmAction(t('order.cancelConfirm'), {
      confirm: t('dialog.cancelOrder'),
      cancel: t('order.keep'),
    });
    if (!sure) return;
    const reply = await cancelOrder(current.id);
    if (reply.code !== 200 || !reply.data) return;
    setOrder(reply.data);
    void showToast(
      t(reply.data.status === 'CANCEL_REVIEW' ? 'order.cancelRequested' : 'order.cancelled'),
    );
  };

  const receive = async (current: Order) => {
    const sure = await confirmAction(t('order.receiveConfirm'), {
      confirm: t('dialog.receive'),
      cancel: t('common.cancel'),
    });
    if (!sure) return;
    const reply = await confirmReceipt(current.id);
    if (reply.code === 200 && reply.data) {
      setOrder(reply.data);
      void showToast(t('order.received'), { icon: 'success' });
    }
  };

  const run = async (button: ActionButton, current: Order) => {
    if (busy) return;
    const { handling } = button;
    if (handling.kind === 'page') {
      void openPage(handling.url(current.id));
      return;
    }
    setBusy(true);
    try {
      if (handling.kind === 'cancel') await cancel(current);
      else if (handling.kind === 'receive') await receive(current);
      else if (handling.kind === 'buyout') await openBuyout(current);
      else if (handling.kind === 'earlyReturn') await openEarlyReturn(current);
      else if (handling.kind === 'renew') {
        setSheet('renew');
        await quoteRenewal(current, periods);
      } else await confirmChanges(current.id);
    } finally {
      setBusy(false);
    }
  };

  // A card's button asked for this action: run it once, if the server still offers it.
  useEffect(() => {
    if (!order || !pendingAction.current) return;
    const wanted = pendingAction.current;
    pendingAction.current = undefined;
    const button = actionButtons(order).find((b) => b.action === wanted);
    if (button) void run(button, order);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first loaded order
  }, [order]);

  if (load.state === 'loading' && !order) {
    return (
      <View className="order-detail">
        <Skeleton rows={6} media="banner" />
      </View>
    );
  }
  if (load.state === 'error' || !order) {
    return (
      <View className="order-detail">
        <ErrorState
          message={load.state === 'error' ? load.message : undefined}
          onRetry={() => {
            setLoad({ state: 'loading' });
            void reload();
          }}
        />
      </View>
    );
  }

  const unit = t(termUnitLabel(order.termUnit));
  const buttons = actionButtons(order);

  return (
    <View className="order-detail">
      <OrderProgress order={order} />
      <OrderFacts order={order} />

      <View className="order-actions">
        <View className="order-button" role="button" onClick={() => void openPage(SERVICE_PAGE)}>
          <Text>{t('order.action.service')}</Text>
        </View>
        {buttons.map((button) => (
          <View
            key={button.action}
            role="button"
            aria-disabled={busy}
            className={`order-button${button.primary ? ' order-button--primary' : ''}`}
            onClick={() => void run(button, order)}
          >
            <Text>{t(button.label)}</Text>
          </View>
        ))}
      </View>

      {sheet === 'buyout' && (
        <QuoteSheet
          title={t('order.buyout.title')}
          quote={quote}
          error={quoteError}
          onRetry={() => void openBuyout(order)}
          onClose={() => setSheet('none')}
          note={t('order.buyout.note')}
          confirmLabel={t('order.buyout.confirm')}
          onConfirm={async () => {
            // The dialog draws below the sheet's layer: the sheet steps aside while it asks.
            setSheet('none');
            const sure = await confirmAction(t('order.buyout.irreversible'), {
              title: t('order.buyout.title'),
              confirm: t('order.buyout.confirm'),
              cancel: t('order.keep'),
            });
            if (!sure) {
              setSheet('buyout');
              return;
            }
            const reply = await applyBuyout(order.id);
            if (reply.code === 200) await payOpenBill('BUYOUT');
          }}
        />
      )}
      {sheet === 'earlyReturn' && (
        <QuoteSheet
          title={t('order.earlyReturn.title')}
          quote={quote}
          error={quoteError}
          onRetry={() => void openEarlyReturn(order)}
          onClose={() => setSheet('none')}
          note={t('order.earlyReturn.note')}
          confirmLabel={t('order.earlyReturn.confirm')}
          onConfirm={async () => {
            if (!quote) return;
            setSheet('none');
            const sure = await confirmAction(
              t('order.earlyReturn.ask', { amount: formatMoney(quote.total) }),
              {
                title: t('order.earlyReturn.title'),
                confirm: t('order.earlyReturn.dialogConfirm'),
                cancel: t('order.keep'),
              },
            );
            if (!sure) {
              setSheet('earlyReturn');
              return;
            }
            const reply = await applyEarlyReturn(order.id, quote.total);
            if (reply.code !== 200) {
              // The total changed meanwhile: show the new quote rather than apply another fee.
              void showMessage(reply.msg);
              await openEarlyReturn(order);
              return;
            }
            if (quote.total > 0) await payOpenBill('EARLY_RETURN');
            else {
              await reload();
              void openPage(`/pages/returnApplication/returnApplication?orderId=${order.id}`);
            }
          }}
        />
      )}
      {sheet === 'renew' && (
        <QuoteSheet
          title={t('order.renew.title')}
          quote={quote}
          error={quoteError}
          onRetry={() => void quoteRenewal(order, periods)}
          onClose={() => setSheet('none')}
          confirmLabel={t('order.renew.confirm')}
          picker={
            <View className="term-picker" role="radiogroup" aria-label={t('order.renew.term')}>
              {RENEW_PERIODS.map((count) => (
                <View
                  key={count}
                  role="radio"
                  aria-checked={count === periods}
                  className={`term-picker__option${count === periods ? ' term-picker__option--on' : ''}`}
                  onClick={() => void quoteRenewal(order, count)}
                >
                  <Text>{t('order.term', { term: count, unit })}</Text>
                </View>
              ))}
            </View>
          }
          onConfirm={async () => {
            const reply = await payRenewal(order.id, periods, 'alipay', renewKey.current);
            if (reply.code !== 200) return;
            renewKey.current = newIdempotencyKey();
            await payOpenBill('RENEWAL');
          }}
        />
      )}
    </View>
  );
}
