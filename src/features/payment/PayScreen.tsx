/**
 * Pay bills: pages/pay/pay and confirmPayment (first payment), billpay/pay (the named bills, or a
 * choice of every unpaid one), payment and alipay/aliPay (the cashier). Query parameters are
 * listed in ./payment-state.ts. The server prices everything; this screen only shows its bills.
 */
import { Text, View } from '@tarojs/components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { dayOf } from '@contract/lease/dates';
import { fetchPayBills, type Bill, type BillScope } from '../../api/pay';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { useTranslation } from '../../i18n';
import { newIdempotencyKey } from '../../platform/request';
import { formatMoney } from '../../utils';
import { defaultSelection, parseBillIds, parseId, sumOutstanding } from './payment-state';
import { askBillReminders, prefetchReminderTemplates } from '../../stores/reminders';
import { startPayment } from './start-payment';
import { PayBillRow } from './PayBillRow';
import { PaymentActions } from './PaymentActions';
import './payment-base.scss';
import './payment.scss';
import { payTarget } from '../../platform/pay-target';

const FIRST_PAY_ROUTES = ['pages/pay/pay', 'pages/confirmPayment/confirmPayment'];

/** The order's bills to pay: only the named ones when the link names some. */
async function loadBills(orderId: number, scope: BillScope, namedBills: number[]) {
  const reply = await fetchPayBills(orderId, scope);
  if (reply.code !== 200 || !reply.data || namedBills.length === 0) return reply;
  const bills = reply.data.bills.filter((bill) => namedBills.includes(bill.id));
  return { ...reply, data: { ...reply.data, bills } };
}

export function PayScreen({ route, params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  // The host asks for reminders only from a tap: have the template ids ready before it.
  useEffect(() => void prefetchReminderTemplates(), []);
  const namedBills = useMemo(() => parseBillIds(params.billIds), [params.billIds]);
  // First payment unless bills are named, or this is the bills page (a choice of unpaid bills).
  const scope = FIRST_PAY_ROUTES.includes(route)
    ? 'first'
    : namedBills.length > 0 || route === 'pages/billpay/pay'
      ? 'foot'
      : 'first';
  const choosable = scope === 'foot' && namedBills.length === 0;
  const [selected, setSelected] = useState<number[]>([]);
  // One key per intent (these bills): a double tap opens the payment once; another choice of
  // bills is another intent with its own key.
  const keyRef = useRef({ bills: '', key: newIdempotencyKey() });

  // The selection starts as the default for these bills; a later read of the same bills (the
  // language changed) keeps the user's choice.
  const loadKey = `${orderId}/${scope}/${namedBills.join(',')}`;
  const selectionOf = useRef('');
  const {
    status,
    data: list,
    retry,
  } = useEnvelope(
    loadKey,
    () => (orderId === undefined ? '' : loadBills(orderId, scope, namedBills)),
    ({ bills }) => {
      if (selectionOf.current === loadKey) {
        setSelected((ids) => ids.filter((id) => bills.some((bill) => bill.id === id)));
        return;
      }
      selectionOf.current = loadKey;
      setSelected(
        choosable ? defaultSelection(bills, dayOf(new Date())) : bills.map((bill: Bill) => bill.id),
      );
    },
  );

  if (orderId === undefined) {
    return <EmptyState title={t('payment.missingOrder')} action={<PaymentActions />} />;
  }
  if (status.state === 'loading') return <Skeleton rows={4} />;
  if (status.state === 'error' || !list) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }
  const { bills } = list;
  if (bills.length === 0) {
    return (
      <EmptyState title={t('payment.noBills')} action={<PaymentActions orderId={orderId} />} />
    );
  }
  const total = sumOutstanding(bills, selected);
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const allSelected = selected.length === bills.length;
  const target = payTarget();
  const channelText = t(
    target === 'wechat'
      ? 'payment.channelWechat'
      : target === 'alipay'
        ? 'payment.channelAlipay'
        : 'payment.channelCashier',
  );

  return (
    <View className="pay-screen">
      <View className="pay-card">
        <Text className="pay-card__title">{t('payment.bills')}</Text>
        <Text className="pay-card__sub">{t('payment.orderNo', { id: list.orderNo })}</Text>
        {choosable && (
          <View
            className="pay-bill pay-bill--all"
            role="checkbox"
            aria-checked={allSelected}
            onClick={() => setSelected(allSelected ? [] : bills.map((bill) => bill.id))}
          >
            <View className={`pay-check${allSelected ? ' pay-check--on' : ''}`} aria-hidden />
            <Text>{t('payment.selectAll')}</Text>
          </View>
        )}
        {bills.map((bill) => (
          <PayBillRow
            key={bill.id}
            bill={bill}
            choosable={choosable}
            on={selected.includes(bill.id)}
            onToggle={() => toggle(bill.id)}
          />
        ))}
        <View className="pay-total">
          <Text>{t('payment.total')}</Text>
          <Text className="pay-total__amount">¥{formatMoney(total)}</Text>
        </View>
      </View>
      <View className="pay-card pay-row">
        <Text>{t('payment.channel')}</Text>
        <Text className="pay-row__value">{channelText}</Text>
      </View>
      <Text className="pay-notice">{t('payment.paidNotice')}</Text>
      {choosable && selected.length === 0 && (
        <Text className="pay-notice" role="alert">
          {t('payment.selectHint')}
        </Text>
      )}
      <View className="pay-footer">
        <SubmitButton
          disabled={selected.length === 0}
          pendingText={t('payment.opening')}
          onSubmit={async () => {
            // Mini-programs: reminders as service messages, asked from this tap.
            await askBillReminders();
            const chosen = [...selected].sort((a, b) => a - b).join(',');
            if (keyRef.current.bills !== chosen) {
              keyRef.current = { bills: chosen, key: newIdempotencyKey() };
            }
            return startPayment({
              orderId,
              // The first payment lets the server pick its bills (FIRST + DEPOSIT).
              billIds: scope === 'first' ? [] : selected,
              idempotencyKey: keyRef.current.key,
            });
          }}
        >
          {t('payment.payNow', { amount: formatMoney(total) })}
        </SubmitButton>
      </View>
    </View>
  );
}
