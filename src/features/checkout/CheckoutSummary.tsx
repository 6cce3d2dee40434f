import { Text, View } from '@tarojs/components';
import type { GoodsPlan } from '@contract/api/goods';
import type { DepositMethod } from '../../api/checkout';
import { SubmitButton } from '../../components/form';
import { registerMessages, useTranslation, type MessageKey } from '../../i18n';
import { checkoutMessages } from '@contract/i18n/zh-Hans/checkout';
import { openPage } from '../../platform/open-page';
import { formatMoney } from '../../utils';
import type { CheckoutPrice } from './pricing';

registerMessages(checkoutMessages);

const DEPOSIT_LABELS: Record<DepositMethod, { name: MessageKey; explain: MessageKey }> = {
  freeze: { name: 'checkout.deposit.freeze', explain: 'checkout.deposit.freezeExplain' },
  card: { name: 'checkout.deposit.card', explain: 'checkout.deposit.cardExplain' },
  paid: { name: 'checkout.deposit.paid', explain: 'checkout.deposit.paidExplain' },
  waived: { name: 'checkout.deposit.waived', explain: 'checkout.deposit.waivedExplain' },
  payscore: { name: 'checkout.deposit.payscore', explain: 'checkout.deposit.payscoreExplain' },
};

/** The deposit methods this build offers, and what the chosen one means. */
export function DepositCard({
  methods,
  depositMethod,
  onChoose,
  plan,
}: {
  methods: DepositMethod[];
  depositMethod: DepositMethod;
  onChoose: (method: DepositMethod) => void;
  plan: GoodsPlan;
}) {
  const { t } = useTranslation();
  return (
    <View className="checkout-card">
      <Text className="checkout-card__title">{t('checkout.deposit.title')}</Text>
      <View className="checkout-methods" role="radiogroup" aria-label={t('checkout.deposit.title')}>
        {methods.map((method) => (
          <View
            key={method}
            className={`checkout-method${method === depositMethod ? ' checkout-method--on' : ''}`}
            role="radio"
            aria-checked={method === depositMethod}
            onClick={() => onChoose(method)}
          >
            <Text>{t(DEPOSIT_LABELS[method].name)}</Text>
          </View>
        ))}
      </View>
      <Text className="checkout-explain">
        {t(DEPOSIT_LABELS[depositMethod].explain, { deposit: formatMoney(plan.deposit) })}
      </Text>
    </View>
  );
}

export function BreakdownCard({
  price,
  unit,
  depositMethod,
}: {
  price: CheckoutPrice;
  unit: string;
  depositMethod: DepositMethod;
}) {
  const { t } = useTranslation();
  return (
    <View className="checkout-card" aria-label={t('checkout.breakdown')}>
      <Text className="checkout-card__title">{t('checkout.breakdown')}</Text>
      <PriceRow label={t('checkout.rent')} value={`¥${formatMoney(price.rentPerPeriod)}${unit}`} />
      <PriceRow label={t('checkout.totalRent')} value={`¥${formatMoney(price.totalRent)}`} />
      <PriceRow label={t('checkout.firstPayment')} value={`¥${formatMoney(price.firstPayment)}`} />
      {price.couponDiscount > 0 && (
        <PriceRow
          label={t('checkout.couponDiscount')}
          value={`-¥${formatMoney(price.couponDiscount)}`}
        />
      )}
      <PriceRow
        label={t('checkout.depositAmount')}
        value={
          depositMethod === 'waived'
            ? t('checkout.deposit.waivedShort')
            : // A card order takes no deposit: its charges are withheld from the card.
              depositMethod === 'card'
              ? t('checkout.deposit.cardNone')
              : `¥${formatMoney(price.deposit)} (${t(DEPOSIT_LABELS[depositMethod].name)})`
        }
      />
      <PriceRow label={t('checkout.payNow')} value={`¥${formatMoney(price.payNow)}`} strong />
    </View>
  );
}

function PriceRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <View className={`checkout-row${strong ? ' checkout-row--strong' : ''}`}>
      <Text className="checkout-row__label">{label}</Text>
      <Text className="checkout-row__value">{value}</Text>
    </View>
  );
}

/**
 * The agreements' checkbox, then the sum to pay now and submit (off until agreed), with what is
 * still missing said above it: a greyed 提交订单 alone did not say why it would not submit.
 */
export function AgreeAndSubmit({
  agreed,
  onToggleAgreed,
  payNow,
  onSubmit,
  missing,
}: {
  agreed: boolean;
  onToggleAgreed: () => void;
  payNow: number;
  onSubmit: () => Promise<void>;
  /** What the order still needs before it can be submitted, in the order of the page. */
  missing: readonly MessageKey[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <View className="checkout-agree">
        <View
          className="checkout-agree__check"
          role="checkbox"
          aria-checked={agreed}
          aria-label={t('checkout.agree')}
          onClick={onToggleAgreed}
        >
          <Text className={`checkout-check${agreed ? ' checkout-check--on' : ''}`}>
            {agreed ? '✓' : ''}
          </Text>
          <Text className="checkout-agree__text">{t('checkout.agree')}</Text>
        </View>
        <Text
          className="checkout-agree__link"
          role="link"
          onClick={() => void openPage('/pages/agreement/agreement')}
        >
          {t('checkout.agreementLink')}
        </Text>
      </View>

      <View className="checkout-bar">
        {missing.length > 0 && (
          <Text className="checkout-bar__missing" role="status">
            {t('checkout.missingHint', {
              items: missing.map((key) => t(key)).join(t('checkout.missingJoin')),
            })}
          </Text>
        )}
        <View className="checkout-bar__sum">
          <Text className="checkout-bar__label">{t('checkout.payNow')}</Text>
          <Text className="checkout-bar__amount">¥{formatMoney(payNow)}</Text>
        </View>
        <SubmitButton
          className="checkout-bar__submit"
          onSubmit={onSubmit}
          disabled={!agreed}
          pendingText={t('checkout.submitting')}
        >
          {t('checkout.submit')}
        </SubmitButton>
      </View>
    </>
  );
}
