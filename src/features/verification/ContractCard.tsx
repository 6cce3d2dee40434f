import { RichText, Text, View } from '@tarojs/components';
import type { ContractView } from '../../api/contract';
import { SubmitButton } from '../../components/form';
import { Skeleton } from '../../components/states';
import { registerMessages, useTranslation } from '../../i18n';
import { verifyMessages } from '@contract/i18n/zh-Hans/verify';

registerMessages(verifyMessages);

/**
 * The contract, the box to tick and the sign button. Until the contract is in (`null`) the same
 * card with lines in the contract's box and the button off, the box at its full height (every
 * contract is taller): the page keeps its shape when the text arrives.
 */
export function ContractCard(props: {
  contract: ContractView | null;
  withholding: boolean;
  waiting?: boolean;
  agreed?: boolean;
  onAgree?: () => void;
  onSign?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { contract, waiting = false, agreed = false } = props;
  return (
    <View className="verify-card">
      <Text className="verify-card__title">{t('verify.contract.title')}</Text>
      {contract ? (
        <View className="verify-contract" aria-label={t('verify.contract.title')}>
          <RichText nodes={contract.html} />
        </View>
      ) : (
        <View className="verify-contract verify-contract--loading">
          <Skeleton rows={12} />
        </View>
      )}
      {props.withholding && (
        <Text className="verify-card__hint">{t('verify.contract.withholdingHint')}</Text>
      )}
      {contract?.status === 'refused' && (
        <Text className="verify-card__error" role="alert">
          {t('verify.contract.refused')}
        </Text>
      )}
      {waiting && (
        <Text className="verify-card__hint" role="status">
          {t('verify.contract.waiting')}
        </Text>
      )}
      <View
        className="verify-agree"
        role="checkbox"
        aria-checked={agreed}
        aria-label={t('verify.contract.agree')}
        aria-disabled={!contract}
        onClick={() => contract && props.onAgree?.()}
      >
        <Text className={`verify-agree__box${agreed ? ' verify-agree__box--on' : ''}`}>
          {agreed ? '✓' : ''}
        </Text>
        <Text className="verify-agree__text">{t('verify.contract.agree')}</Text>
      </View>
      <SubmitButton
        onSubmit={async () => props.onSign?.()}
        disabled={!contract || !agreed || waiting}
        pendingText={t('verify.sending')}
      >
        {t('verify.contract.sign')}
      </SubmitButton>
    </View>
  );
}
