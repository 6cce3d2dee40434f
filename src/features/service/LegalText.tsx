import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { registerMessages, useTranslation } from '../../i18n';
import { serviceMessages } from '@contract/i18n/zh-Hans/service';
import { useBrandStore } from '../../stores/brand';
import {
  privacyPolicy,
  registrationAgreement,
  rentalAgreement,
  serviceAgreement,
  withholdingAgreement,
  type LegalDocument,
  type LegalParties,
} from './legal';
import './service.scss';
import './legal.scss';

registerMessages(serviceMessages);

type Builder = (parties: LegalParties) => LegalDocument;

/** One legal text, for the active brand's company. The text itself is Chinese, the binding one. */
function LegalDocumentView({ build }: { build: Builder }) {
  const { t, language } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  const doc = build(brand);
  return (
    <View className="legal">
      <Text className="legal__title" role="heading" aria-level={2}>
        {doc.title}
      </Text>
      <Text className="legal__meta">
        {t('service.legal.operator', { company: brand.companyName })}
      </Text>
      <Text className="legal__meta">{t('service.legal.updated', { date: doc.updated })}</Text>
      {language !== 'zh-Hans' && (
        <Text className="legal__note">{t('service.legal.chineseOnly')}</Text>
      )}
      <Text className="legal__paragraph">{doc.preamble}</Text>
      {doc.sections.map((section) => (
        <View key={section.heading} className="legal__section">
          <Text className="legal__heading" role="heading" aria-level={3}>
            {section.heading}
          </Text>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} className="legal__paragraph">
              {paragraph}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

export function PrivacyPolicy() {
  return <LegalDocumentView build={privacyPolicy} />;
}

export function RegistrationAgreement() {
  return <LegalDocumentView build={registrationAgreement} />;
}

const AGREEMENTS = [
  { id: 'rental', label: 'service.legal.rental', build: rentalAgreement },
  { id: 'service', label: 'service.legal.service', build: serviceAgreement },
  { id: 'withholding', label: 'service.legal.withholding', build: withholdingAgreement },
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
      <LegalDocumentView key={chosen.id} build={chosen.build} />
    </View>
  );
}
