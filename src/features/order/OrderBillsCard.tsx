import { Text, View } from '@tarojs/components';
import type { OrderDetail as Order } from '../../api/order';
import { useTranslation } from '../../i18n';
import { billDueText } from '../../i18n/bill-due';
import { openPage } from '../../platform/open-page';
import { formatMoney } from '../../utils';
import { billsSummary, today } from './orderView';

/**
 * The order's bills in short, linking to the repayment plan: periods paid, what is owed now
 * (due by today, overdue included) apart from the rent still to come, the next bill, and what is
 * overdue.
 */
export function OrderBillsCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const summary = billsSummary(order.bills, today());
  if (order.bills.length === 0) return null;
  return (
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
        <Text>{t('order.bills.dueNow')}</Text>
        <Text>¥{formatMoney(summary.dueNow)}</Text>
      </View>
      {summary.notYetDue > 0 && (
        <View className="order-row">
          <Text>{t('order.bills.notYetDue')}</Text>
          <Text>¥{formatMoney(summary.notYetDue)}</Text>
        </View>
      )}
      {summary.next && (
        <View className="order-row">
          <Text>{t('order.bills.next')}</Text>
          <Text>
            {billDueText(t, summary.next)} ¥{formatMoney(summary.next.outstanding)}
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
  );
}
