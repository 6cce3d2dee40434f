/**
 * One bill's breakdown: /pages/billingDetails/billingDetails?orderId=<id>&billId=<bill id>
 * (without billId: the order's next unpaid bill). 去支付 opens
 * /pages/billpay/pay?orderId=<id>&billIds=<bill id>.
 */
import { Text, View } from '@tarojs/components';
import { fetchOrderDetail } from '../../api/order';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { useTranslation } from '../../i18n';
import { billDueText } from '../../i18n/bill-due';
import { usePageShow } from '../../platform/page-route';
import { formatMoney } from '../../utils';
import { billPayUrl } from '../../routes';
import { billTone, kindLabel, payable, periodText, toneLabel } from './billSelection';
import { parseId, today } from './billUtil';
import './bill.scss';
import { openPage } from '../../platform/open-page';

export function BillItem({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const billId = parseId(params.billId);
  const {
    status,
    data: order,
    refresh,
    retry,
  } = useEnvelope(orderId, () =>
    orderId === undefined ? t('order.notFound') : fetchOrderDetail(orderId),
  );
  usePageShow(() => {
    if (order) void refresh();
  });

  if (status.state === 'loading') return <Skeleton rows={6} />;
  const bill = order
    ? billId !== undefined
      ? order.bills.find((b) => b.id === billId)
      : payable(order.bills)[0]
    : undefined;
  if (status.state === 'error' || !order || !bill) {
    return (
      <ErrorState
        message={status.state === 'error' ? status.message : t('bill.notFound')}
        onRetry={retry}
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
