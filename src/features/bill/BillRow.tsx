import { Text, View } from '@tarojs/components';
import type { OrderDetail } from '../../api/order';
import { useTranslation } from '../../i18n';
import { billDueText } from '../../i18n/bill-due';
import { openPage } from '../../platform/open-page';
import { formatMoney } from '../../utils';
import { billTone, kindLabel, periodText, toneLabel } from './billSelection';

type Bill = OrderDetail['bills'][number];

/** One bill of the plan: its checkbox (unpaid bills only), period, due date, amount and state. */
export function BillRow({
  orderId,
  bill,
  bills,
  now,
  selected,
  onToggle,
}: {
  orderId: number;
  bill: Bill;
  bills: Bill[];
  now: string;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const tone = billTone(bill, now);
  const on = selected;
  const pickable = bill.status === 'unpaid' && bill.outstanding > 0;
  const period = periodText(bill, bills);
  return (
    <View role="listitem" className={`bill-row bill-row--${tone}`} data-bill-id={bill.id}>
      <View
        className="bill-row__check"
        role="checkbox"
        aria-checked={on}
        aria-disabled={!pickable}
        aria-label={t('bill.pick', { period: period ?? t(kindLabel(bill.kind)) })}
        onClick={onToggle}
      >
        <View className={`bill-row__box${on ? ' bill-row__box--on' : ''}`} />
      </View>
      <View className="bill-row__main">
        <Text className="bill-row__title">
          {period ? t('bill.period', { period }) : t(kindLabel(bill.kind))}
        </Text>
        <Text className="bill-row__due">{t('bill.dueOn', { date: billDueText(t, bill) })}</Text>
        {(bill.feeWaived ?? 0) > 0 && (
          <Text className="bill-row__waived">
            {t('bill.feeWaivedBy', { fee: formatMoney(bill.feeWaived) })}
          </Text>
        )}
        {bill.overdueDays > 0 && (
          <Text className="bill-row__overdue">
            {t('bill.overdueBy', {
              days: bill.overdueDays,
              fee: formatMoney(bill.overdueFee),
            })}
          </Text>
        )}
      </View>
      <View className="bill-row__side">
        <Text className="bill-row__amount">
          ¥{formatMoney(bill.status === 'paid' ? bill.paid : bill.outstanding)}
        </Text>
        <Text className="bill-row__status">
          {t(
            bill.status === 'paid' && bill.channel === 'offline' ? 'bill.offline' : toneLabel(tone),
          )}
        </Text>
        <View
          className="bill-row__more"
          role="link"
          onClick={() =>
            void openPage(
              `/pages/billingDetails/billingDetails?orderId=${orderId}&billId=${bill.id}`,
            )
          }
        >
          <Text>{t('bill.details')} ›</Text>
        </View>
      </View>
    </View>
  );
}
