/**
 * One bill's breakdown: /pages/billingDetails/billingDetails?orderId=<id>&billId=<bill id>
 * (without billId: the order's next unpaid bill). 去支付 opens
 * /pages/billpay/pay?orderId=<id>&billIds=<bill id>.
 */
import { Text, View } from '@tarojs/components';
import { useCallback, useEffect, useState } from 'react';
import { fetchOrderDetail, type OrderDetail } from '../../api/order';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState, Skeleton } from '../../components/states';
import { useTranslation } from '../../i18n';
import { billDueText } from '../../i18n/bill-due';
import { usePageShow } from '../../platform/page-route';
import { formatMoney } from '../../utils';
import { billPayUrl } from '../../routes';
import { billTone, kindLabel, payable, periodText, toneLabel } from './billSelection';
import { parseId, today } from './billUtil';
import './bill.scss';
import { openPage } from '../../platform/open-page';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready' };

export function BillItem({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const billId = parseId(params.billId);
  const [order, setOrder] = useState<OrderDetail | undefined>();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(async () => {
    if (orderId === undefined) {
      setLoad({ state: 'error', message: t('order.notFound') });
      return;
    }
    const reply = await fetchOrderDetail(orderId);
    if (reply.code !== 200 || !reply.data) {
      setLoad({ state: 'error', message: reply.msg });
      return;
    }
    setOrder(reply.data);
    setLoad({ state: 'ready' });
  }, [orderId, t]);
  useEffect(() => {
    void reload();
  }, [reload]);
  usePageShow(() => {
    if (order) void reload();
  });

  if (load.state === 'loading') return <Skeleton rows={6} />;
  const bill = order
    ? billId !== undefined
      ? order.bills.find((b) => b.id === billId)
      : payable(order.bills)[0]
    : undefined;
  if (load.state === 'error' || !order || !bill) {
    return (
      <ErrorState
        message={load.state === 'error' ? load.message : t('bill.notFound')}
        onRetry={() => {
          setLoad({ state: 'loading' });
          void reload();
        }}
      />
    );
  }
  const tone = billTone(bill, today());
  const period = periodText(bill, order.bills);
  const rows: [string, string][] = [
    [t('bill.kindLabel'), t(kindLabel(bill.kind))],
    ...(period ? ([[t('bill.periodLabel'), period]] as [string, string][]) : []),
    [t('bill.dueDate'), billDueText(t, bill)],
    [t('bill.original'), `¥${formatMoney(bill.original)}`],
    [t('bill.discount'), `-¥${formatMoney(bill.discount)}`],
    [t('bill.overdueFee'), `¥${formatMoney(bill.overdueFee)}`],
    // A fee the merchant waived (collections): what is left of it is the line above.
    ...((bill.feeWaived ?? 0) > 0
      ? ([[t('bill.feeWaived'), `-¥${formatMoney(bill.feeWaived)}`]] as [string, string][])
      : []),
    [t('bill.overdueDays'), String(bill.overdueDays)],
    [t('bill.due'), `¥${formatMoney(bill.due)}`],
    [t('bill.paid'), `¥${formatMoney(bill.paid)}`],
    [t('bill.outstandingLabel'), `¥${formatMoney(bill.outstanding)}`],
    ...(bill.paidAt
      ? ([[t('bill.paidAt'), bill.paidAt.slice(0, 16).replace('T', ' ')]] as [string, string][])
      : []),
  ];
  return (
    <View className="bill-item">
      <View className={`bill-item__head bill-row--${tone}`}>
        <Text className="bill-item__amount">¥{formatMoney(bill.outstanding || bill.paid)}</Text>
        <Text className="bill-row__status">
          {t(
            bill.status === 'paid' && bill.channel === 'offline' ? 'bill.offline' : toneLabel(tone),
          )}
        </Text>
      </View>
      <View className="bill-item__rows">
        {rows.map(([label, value]) => (
          <View className="bill-item__row" key={label}>
            <Text>{label}</Text>
            <Text>{value}</Text>
          </View>
        ))}
      </View>
      {bill.status === 'unpaid' && bill.outstanding > 0 && (
        <View
          className="bill-bar__button bill-item__pay"
          role="button"
          onClick={() => void openPage(billPayUrl(order.id, [bill.id]))}
        >
          <Text>{t('bill.pay')}</Text>
        </View>
      )}
    </View>
  );
}
