import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { ResultCode, type Envelope } from '../../../contract/http';
import {
  fetchQuestions,
  fetchQuestionTypes,
  fetchServicePhone,
  type Question,
} from '../../api/service';
import { useTranslation } from '../../i18n';
import { openPage } from '../../platform/open-page';
import { stopPullDownRefresh, usePagePullDownRefresh } from '../../platform/paging';
import { openOnlineChat } from '../../platform/service-links';
import { callPhone, showToast } from '../../platform/ui';
import { useBrandStore } from '../../stores/brand';
import { QuestionList } from './QuestionList';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './StateViews';
import { useOnlineChat } from './useOnlineChat';
import { useEnvelope } from '../../components/states/useEnvelope';
import './service.scss';

const NO_QUESTIONS: Envelope<Question[]> = { code: ResultCode.OK, msg: '', data: [] };

/**
 * The customer-service tab: call the brand's line, online chat where the brand has one (its
 * provider's panel, which closes when the user leaves the page), links to
 * feedback, common problems and the agreements, then question types → questions → answers.
 */
export function CustomerService() {
  const { t } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  const types = useEnvelope(null, fetchQuestionTypes);
  const phone = useEnvelope(null, fetchServicePhone);
  const [typeId, setTypeId] = useState<number>();
  // The first type is chosen once the types arrive; no call before that. Another type's questions
  // load without the loading block: the last ones stay until they come.
  const questions = useEnvelope(typeId, () =>
    typeId === undefined ? Promise.resolve(NO_QUESTIONS) : fetchQuestions(typeId),
  );
  const onlineChat = useOnlineChat(Boolean(brand.onlineChat));

  const typeList = types.status.state === 'ready' ? types.data : undefined;
  useEffect(() => {
    if (!typeList) return;
    if (typeList.length > 0 && !typeList.some((type) => type.id === typeId)) {
      setTypeId(typeList[0].id);
    }
  }, [typeList, typeId]);

  usePagePullDownRefresh(() => {
    void Promise.all([types.refresh(), phone.refresh(), questions.refresh()]).finally(
      stopPullDownRefresh,
    );
  });

  // The brand record's line, the one the brand card above shows (so not repeated here); the
  // server adds the hours.
  const serviceLine = brand.userPhone;
  const call = async () => {
    if (!(await callPhone(serviceLine)))
      void showToast(t('phone.callFailed', { phone: serviceLine }));
  };
  const chat = () => {
    if (!openOnlineChat()) void showToast(t('service.chatUnavailable'));
  };
  const chosenType = typeList && typeList.find((type) => type.id === typeId);

  return (
    <View className="service">
      <View className="service-actions">
        <View className="service-actions__item" role="button" onClick={() => void call()}>
          <Text className="service-actions__label">{t('service.call')}</Text>
          {phone.status.state === 'ready' && phone.data && (
            <Text className="service-actions__detail">
              {t('service.workTime', { time: phone.data.workTime })}
            </Text>
          )}
        </View>
        {onlineChat.shown && (
          <View className="service-actions__item" role="button" onClick={chat}>
            <Text className="service-actions__label">{t('service.chat')}</Text>
            {onlineChat.demo && (
              <Text className="service-actions__detail">{t('service.chatDemo')}</Text>
            )}
          </View>
        )}
      </View>

      <View className="service-links">
        {(
          [
            ['service.faqEntry', '/pages/commonProblem/commonProblem'],
            ['service.feedbackEntry', '/pages/feedBack/feedBack'],
            ['service.agreementEntry', '/pages/agreement/agreement'],
          ] as const
        ).map(([label, url]) => (
          <View
            key={url}
            className="service-links__item"
            role="link"
            onClick={() => void openPage(url)}
          >
            <Text className="service-links__text">{t(label)}</Text>
            <Text className="service-links__chevron" aria-hidden>
              ›
            </Text>
          </View>
        ))}
      </View>

      <View className="service-section">
        <Text className="service-section__title" role="heading" aria-level={2}>
          {t('service.types')}
        </Text>
        {types.status.state === 'loading' && <LoadingBlock />}
        {types.status.state === 'error' && (
          <ErrorBlock message={types.status.message} onRetry={types.retry} />
        )}
        {typeList &&
          (typeList.length === 0 ? (
            <EmptyBlock text={t('service.typesEmpty')} />
          ) : (
            <View className="service-types" role="tablist">
              {typeList.map((type) => (
                <View
                  key={type.id}
                  className={`service-types__item${type.id === typeId ? ' service-types__item--active' : ''}`}
                  role="tab"
                  aria-selected={type.id === typeId}
                  onClick={() => setTypeId(type.id)}
                >
                  <Text className="service-types__name">{type.name}</Text>
                </View>
              ))}
            </View>
          ))}
      </View>

      {chosenType && (
        <View className="service-section">
          <Text className="service-section__title" role="heading" aria-level={2}>
            {t('service.questions', { type: chosenType.name })}
          </Text>
          {questions.status.state === 'loading' && <LoadingBlock />}
          {questions.status.state === 'error' && (
            <ErrorBlock message={questions.status.message} onRetry={questions.retry} />
          )}
          {questions.status.state === 'ready' &&
            questions.data &&
            (questions.data.length === 0 ? (
              <EmptyBlock text={t('service.questionsEmpty')} />
            ) : (
              <QuestionList
                // Questions of another type still showing while the new ones load are skipped.
                questions={questions.data.filter((q) => q.typeId === chosenType.id)}
              />
            ))}
        </View>
      )}
    </View>
  );
}
