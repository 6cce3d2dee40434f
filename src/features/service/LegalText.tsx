import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { legalMessages } from '@contract/i18n/zh-Hans/legal';
import { registerMessages, useTranslation, type MessageKey } from '../../i18n';
import { serviceMessages } from '@contract/i18n/zh-Hans/service';
import { useBrandStore } from '../../stores/brand';
import { LEGAL_DOCUMENTS, type LegalDocumentId } from './legal';
import './service.scss';
import './legal.scss';

registerMessages(serviceMessages, legalMessages);

/**
 * One legal text, for the active brand's company, in the user's language. Chinese is the binding
 * text: another language says its version is a translation for reference.
 */
function LegalDocumentView({ id }: { id: LegalDocumentId }) {
  const { t, language } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  const parties = {
    companyName: brand.companyName,
    platformName: brand.platformName,
    userPhone: brand.userPhone,
  };
  const { updated, sections } = LEGAL_DOCUMENTS[id];
  const say = (part: string) => t(`legal.${id}.${part}` as MessageKey, parties);
  return (
    <View className="legal">
      <Text className="legal__title" role="heading" aria-level={2}>
        {say('title')}
      </Text>
      <Text className="legal__meta">
        {t('service.legal.operator', { company: brand.companyName })}
      </Text>
      <Text className="legal__meta">{t('service.legal.updated', { date: updated })}</Text>
      {language !== 'zh-Hans' && (
        <Text className="legal__note">{t('service.legal.chinesePrevails')}</Text>
      )}
      <Text className="legal__paragraph">{say('preamble')}</Text>
      {sections.map((paragraphs, index) => (
        <View key={index} className="legal__section">
          <Text className="legal__heading" role="heading" aria-level={3}>
            {say(`${index + 1}.heading`)}
          </Text>
          {Array.from({ length: paragraphs }, (_, paragraph) => (
            <Text key={paragraph} className="legal__paragraph">
              {say(`${index + 1}.${paragraph + 1}`)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

export function PrivacyPolicy() {
  return <LegalDocumentView id="privacy" />;
}

export function RegistrationAgreement() {
  return <LegalDocumentView id="register" />;
}

const AGREEMENTS = [
  { id: 'rental', label: 'service.legal.rental' },
  { id: 'service', label: 'service.legal.service' },
  { id: 'withholding', label: 'service.legal.withholding' },
] as const;

/**
 * The rental, service and withholding agreements, one tab each; `?type=service` or
 * `?type=withholding` opens that one (the withholding consent links to its own text).
 */
export function Agreements({ initial }: { initial?: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string>(
    AGREEMENTS.find((item) => item.id === initial)?.id ?? 'rental',
  );
  const chosen = AGREEMENTS.find((item) => item.id === current) ?? AGREEMENTS[0];
  return (
    <View className="service">
      <View className="legal-tabs" role="tablist">
        {AGREEMENTS.map((item) => (
          <View
            key={item.id}
            className={`legal-tabs__tab${item.id === current ? ' legal-tabs__tab--on' : ''}`}
            role="tab"
            aria-selected={item.id === current}
            onClick={() => setCurrent(item.id)}
          >
            <Text>{t(item.label)}</Text>
          </View>
        ))}
      </View>
      <LegalDocumentView key={chosen.id} id={chosen.id} />
    </View>
  );
}
