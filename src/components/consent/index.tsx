import { Text, View } from '@tarojs/components';
import type { ConsentKind } from '../../api/privacy';
import { useTranslation, type MessageKey } from '../../i18n';
import { openPage } from '../../platform/open-page';
import './index.scss';

/** Where each consent's full text is (the sensitive-data sections are in the privacy policy). */
export const CONSENT_TEXT_URL: Record<ConsentKind, string> = {
  privacy_policy: '/pages/text/user',
  user_agreement: '/pages/text/register',
  identity_and_face: '/pages/text/user',
  credit_query: '/pages/text/user',
  withholding: '/pages/agreement/agreement?type=withholding',
};

/** One consent: its title (a link to the full text) and what it is for. */
export function ConsentLine({ kind }: { kind: ConsentKind }) {
  const { t } = useTranslation();
  return (
    <View className="consent-line">
      <Text
        className="consent-line__title"
        role="link"
        onClick={() => void openPage(CONSENT_TEXT_URL[kind])}
      >
        {t(`privacy.kind.${kind}` as MessageKey)}
      </Text>
      <Text className="consent-line__purpose">{t(`privacy.purpose.${kind}` as MessageKey)}</Text>
    </View>
  );
}
