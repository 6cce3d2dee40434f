/**
 * zhima — the credit score. Query: `orderId`. The score is taken at real-name submit (the only
 * time the full ID number is in hand), so this step shows it and goes on when it passes.
 */
import { Text, View } from '@tarojs/components';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { StepFrame } from './StepFrame';
import { useVerificationStep } from './useVerificationStep';
import { idParam } from '../../utils';

export function CreditStep({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = idParam(params.orderId);
  const { load, refresh, advance } = useVerificationStep('credit', orderId);
  const credit = load.state === 'ready' ? load.data.identity?.credit : null;
  return (
    <StepFrame step="credit" load={load} onRetry={() => void refresh()}>
      <View className="verify-card">
        <Text className="verify-card__title">{t('verify.credit.title')}</Text>
        {credit ? (
          <View className="verify-score" role="status">
            <Text className="verify-score__value">{credit.score}</Text>
            <Text className="verify-score__text">
              {credit.passed ? t('verify.credit.passed') : t('verify.credit.refused')}
            </Text>
          </View>
        ) : (
          <Text className="verify-card__hint">{t('verify.credit.none')}</Text>
        )}
        <Text className="verify-card__hint">{t('verify.credit.hint')}</Text>
        <SubmitButton onSubmit={advance}>{t('verify.credit.recheck')}</SubmitButton>
      </View>
    </StepFrame>
  );
}
