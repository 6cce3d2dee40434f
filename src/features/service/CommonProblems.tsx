import { Text, View } from '@tarojs/components';
import { useMemo } from 'react';
import { fetchQuestions, fetchQuestionTypes, type Question } from '../../api/service';
import { registerMessages, useTranslation } from '../../i18n';
import { serviceMessages } from '@contract/i18n/zh-Hans/service';
import { stopPullDownRefresh, usePagePullDownRefresh } from '../../platform/paging';
import { QuestionList } from './QuestionList';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './StateViews';
import { useEnvelope } from '../../components/states/useEnvelope';
import './service.scss';

registerMessages(serviceMessages);

const loadAll = () => fetchQuestions();

/** Every question with its answer, grouped under its type. */
export function CommonProblems() {
  const { t } = useTranslation();
  const questions = useEnvelope(null, loadAll);
  const types = useEnvelope(null, fetchQuestionTypes);
  usePagePullDownRefresh(() => {
    void Promise.all([questions.refresh(), types.refresh()]).finally(stopPullDownRefresh);
  });

  const list = questions.status.state === 'ready' ? questions.data : undefined;
  const typeList = types.status.state === 'ready' ? types.data : undefined;
  const groups = useMemo(() => {
    if (!list) return [];
    // Without the type names the questions still show, under one unnamed group.
    const names = new Map(typeList?.map((type) => [type.id, type.name]));
    const byType = new Map<number, Question[]>();
    for (const question of list) {
      byType.set(question.typeId, [...(byType.get(question.typeId) ?? []), question]);
    }
    return Array.from(byType, ([typeId, list]) => ({ typeId, name: names.get(typeId), list }));
  }, [list, typeList]);

  if (questions.status.state === 'loading') return <LoadingBlock />;
  if (questions.status.state === 'error') {
    return <ErrorBlock message={questions.status.message} onRetry={questions.retry} />;
  }
  if (groups.length === 0) return <EmptyBlock text={t('service.faqEmpty')} />;
  return (
    <View className="service">
      {groups.map((group) => (
        <View key={group.typeId} className="service-section">
          {group.name && (
            <Text className="service-section__title" role="heading" aria-level={2}>
              {group.name}
            </Text>
          )}
          <QuestionList questions={group.list} />
        </View>
      ))}
    </View>
  );
}
