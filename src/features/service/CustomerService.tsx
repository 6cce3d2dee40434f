import { Text, View } from '@tarojs/components';
import { useCallback, useEffect, useState } from 'react';
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
import { useRemote } from './useRemote';
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
  const types = useRemote(fetchQuestionTypes);
  const phone = useRemote(fetchServicePhone);
  const [typeId, setTypeId] = useState<number>();
  const loadQuestions = useCallback(
    // The first type is chosen once the types arrive; no call before that.
    () => (typeId === undefined ? Promise.resolve(NO_QUESTIONS) : fetchQuestions(typeId)),
    [typeId],
  );
  const questions = useRemote(loadQuestions);
  const onlineChat = useOnlineChat(Boolean(brand.onlineChat));

  useEffect(() => {
    if (types.state.status !== 'ready') return;
    const list = types.state.data;
    if (list.length > 0 && !list.some((type) => type.id === typeId)) setTypeId(list[0].id);
  }, [types.state, typeId]);

  usePagePullDownRefresh(() => {
    void Promise.all([types.reload(), phone.reload(), questions.reload()]).finally(
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
  const chosenType =
    types.state.status === 'ready'
      ? types.state.data.find((type) => type.id === typeId)
      : undefined;

  return (
    <View className="service">
      <View className="service-actions">
        <View className="service-actions__item" role="button" onClick={() => void call()}>
          <Text className="service-actions__label">{t('service.call')}</Text>
          {phone.state.status === 'ready' && (
            <Text className="service-actions__detail">
              {t('service.workTime', { time: phone.state.data.workTime })}
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
        {types.state.status === 'loading' && <LoadingBlock />}
        {types.state.status === 'error' && (
          <ErrorBlock message={types.state.message} onRetry={() => void types.reload()} />
        )}
        {types.state.status === 'ready' && types.state.data.length === 0 && (
          <EmptyBlock text={t('service.typesEmpty')} />
        )}
        {types.state.status === 'ready' && types.state.data.length > 0 && (
          <View className="service-types" role="tablist">
            {types.state.data.map((type) => (
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
        )}
      </View>

      {chosenType && (
        <View className="service-section">
          <Text className="service-section__title" role="heading" aria-level={2}>
            {t('service.questions', { type: chosenType.name })}
          </Text>
          {questions.state.status === 'loading' && <LoadingBlock />}
          {questions.state.status === 'error' && (
            <ErrorBlock message={questions.state.message} onRetry={() => void questions.reload()} />
          )}
          {questions.state.status === 'ready' &&
            (questions.state.data.length === 0 ? (
              <EmptyBlock text={t('service.questionsEmpty')} />
            ) : (
              <QuestionList
                // Questions of another type still showing while the new ones load are skipped.
                questions={questions.state.data.filter((q) => q.typeId === chosenType.id)}
              />
            ))}
        </View>
      )}
    </View>
  );
}
