/**
 * Order detail: /pages/orderDetail/orderDetail?orderId=<id>[&action=cancel|receive|renew|buyout]
 * (`action` comes from a My orders card button and runs once the order has loaded, if the server
 * still offers it). Paying bills goes to /pages/billDetail/billDetail?orderId=<id>, a buy-out or
 * renewal bill to /pages/billpay/pay?orderId=<id>&billIds=<bill id>.
 */
import { Image, Text, View } from '@tarojs/components';
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
import { formatMoney, maskMobile } from '../../utils';
import {
  actionButtons,
  billsSummary,
  currentStep,
  depositExplanation,
  depositMethodLabel,
  eventLabel,
  rentalTimeline,
  statusHint,
  STEPS,
  termUnitLabel,
  type ActionButton,
} from './orderView';
import { QuoteSheet } from './QuoteSheet';
import './order.scss';
import { openPage } from '../../platform/open-page';
import { pickOne } from '../../platform/action-sheet';
import { payTarget } from '../../platform/pay-target';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready' };
type Sheet = 'none' | 'buyout' | 'renew' | 'earlyReturn';

const RENEW_PERIODS = [1, 2, 3, 6, 12] as const;
const SERVICE_PAGE = '/pages/customer-service/customerService';

export function parseOrderId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
      confirm: t('order.cancelYes'),
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
      confirm: t('order.action.receive'),
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

  const step = currentStep(order.status);
  const unit = t(termUnitLabel(order.termUnit));
  const timeline = rentalTimeline(order, today());
  const summary = billsSummary(order.bills);
  const buttons = actionButtons(order);
  const hasContract = !['PENDING_VERIFY', 'PENDING_SIGN', 'CANCELLED'].includes(order.status);
  const { address } = order;

  return (
    <View className="order-detail">
      <View className="order-detail__hero">
        <Text className="order-detail__status" role="heading">
          {order.statusText}
        </Text>
        <Text className="order-detail__hint">{t(statusHint(order.status))}</Text>
      </View>

      {step !== undefined && (
        <View className="order-steps" aria-label={t('order.stepsLabel')}>
          {STEPS.map((label, index) => (
            <View
              key={label}
              className={`order-steps__item${index <= step ? ' order-steps__item--done' : ''}${
                index === step ? ' order-steps__item--current' : ''
              }`}
            >
              <View className="order-steps__dot" />
              <Text className="order-steps__label">{t(label)}</Text>
            </View>
          ))}
        </View>
      )}

      {(order.startDate || timeline[0].reached) && (
        <View className="order-section">
          <Text className="order-section__title">{t('order.timeline.title')}</Text>
          <View className="rental-timeline">
            {timeline.map((point) => (
              <View
                key={point.label}
                className={`rental-timeline__point${point.reached ? ' rental-timeline__point--on' : ''}`}
              >
                <View className="rental-timeline__dot" />
                <Text className="rental-timeline__label">{t(point.label)}</Text>
                <Text className="rental-timeline__date">{point.date ?? '--'}</Text>
              </View>
            ))}
          </View>
        </View>
      )}

      <View className="order-section">
        <Text className="order-section__title">{t('order.address')}</Text>
        <Text className="order-line">
          {address.name} {maskMobile(address.mobile)}
        </Text>
        <Text className="order-line order-line--muted">
          {address.province}
          {address.city}
          {address.district}
          {address.detail}
        </Text>
      </View>

      <View className="order-section">
        <View className="order-card__goods">
          <Image
            className="order-card__cover"
            src={order.cover}
            mode="aspectFill"
            aria-label={order.goodsName}
          />
          <View className="order-card__info">
            <Text className="order-card__name">{order.goodsName}</Text>
            <Text className="order-card__sku">{order.skuText}</Text>
          </View>
        </View>
        <View className="order-row">
          <Text>{t('order.plan')}</Text>
          <Text>
            {t('order.rentPer', { amount: formatMoney(order.rentPerPeriod), unit })}{' '}
            {t('order.term', { term: order.term, unit })}
          </Text>
        </View>
        {order.services.map((service) => (
          <View className="order-row" key={service.id}>
            <Text>{service.name}</Text>
            <Text>¥{formatMoney(service.price)}</Text>
          </View>
        ))}
        {order.couponDiscount > 0 && (
          <View className="order-row">
            <Text>{t('order.coupon')}</Text>
            <Text className="order-row__discount">-¥{formatMoney(order.couponDiscount)}</Text>
          </View>
        )}
      </View>

      <View className="order-section deposit-card">
        <Text className="order-section__title">{t('order.deposit.title')}</Text>
        <View className="order-row">
          <Text>{t(depositMethodLabel(order.depositMethod))}</Text>
          <Text className="deposit-card__amount">¥{formatMoney(order.deposit)}</Text>
        </View>
        <Text className="deposit-card__explain">
          {t(depositExplanation(order.depositMethod, payTarget()))}
        </Text>
      </View>

      {order.bills.length > 0 && (
        <View
          className="order-section order-section--link"
          role="link"
          onClick={() => void openPage(`/pages/billDetail/billDetail?orderId=${order.id}`)}
        >
          <View className="order-section__head">
            <Text className="order-section__title">{t('order.bills.title')}</Text>
            <Text className="order-section__more">{t('order.bills.all')} ›</Text>
          </View>
          <View className="order-row">
            <Text>{t('order.bills.periods')}</Text>
            <Text>
              {summary.paidPeriods}/{summary.periods}
            </Text>
          </View>
          <View className="order-row">
            <Text>{t('order.bills.outstanding')}</Text>
            <Text>¥{formatMoney(summary.outstanding)}</Text>
          </View>
          {summary.next && (
            <View className="order-row">
              <Text>{t('order.bills.next')}</Text>
              <Text>
                {summary.next.dueDate} ¥{formatMoney(summary.next.outstanding)}
              </Text>
            </View>
          )}
          {summary.overdue > 0 && (
            <View className="order-row order-row--alert">
              <Text>{t('order.bills.overdue')}</Text>
              <Text>¥{formatMoney(summary.overdue)}</Text>
            </View>
          )}
        </View>
      )}

      {hasContract && (
        <View
          className="order-section order-section--link"
          role="link"
          onClick={() =>
            void openPage(`/pages/contractPreview/contractPreview?orderId=${order.id}`)
          }
        >
          <View className="order-section__head">
            <Text className="order-section__title">{t('order.contract')}</Text>
            <Text className="order-section__more">{t('order.view')} ›</Text>
          </View>
        </View>
      )}

      <View className="order-section">
        <Text className="order-section__title">{t('order.info')}</Text>
        <View className="order-row">
          <Text>{t('order.numberLabel')}</Text>
          <Text>{order.id}</Text>
        </View>
        <View className="order-row">
          <Text>{t('order.createdAt')}</Text>
          <Text>{order.createdAt.slice(0, 16).replace('T', ' ')}</Text>
        </View>
        <View className="event-timeline">
          {order.events
            .slice()
            .reverse()
            .map((event, index) => (
              <View className="event-timeline__item" key={`${event.at}-${index}`}>
                <View className="event-timeline__dot" />
                <View className="event-timeline__body">
                  <Text className="event-timeline__text">{t(eventLabel(event.action))}</Text>
                  {event.note && <Text className="event-timeline__note">{event.note}</Text>}
                </View>
                <Text className="event-timeline__at">
                  {event.at.slice(0, 16).replace('T', ' ')}
                </Text>
              </View>
            ))}
        </View>
      </View>

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
                confirm: t('order.earlyReturn.confirm'),
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
