import { Text, View } from '@tarojs/components';
import { useMemo } from 'react';
import { fetchQuestions, fetchQuestionTypes, type Question } from '../../api/service';
import { registerMessages, useTranslation } from '../../i18n';
import { serviceMessages } from '@contract/i18n/zh-Hans/service';
import { stopPullDownRefresh, usePagePullDownRefresh } from '../../platform/paging';
import { QuestionList } from './QuestionList';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './StateViews';
import { useRemote } from './useRemote';
import './service.scss';

registerMessages(serviceMessages);

const loadAll = () => fetchQuestions();

/** Every question with its answer, grouped under its type. */
export function CommonProblems() {
  const { t } = useTranslation();
  const questions = useRemote(loadAll);
  const types = useRemote(fetchQuestionTypes);
  usePagePullDownRefresh(() => {
    void Promise.all([questions.reload(), types.reload()]).finally(stopPullDownRefresh);
  });

  const groups = useMemo(() => {
    if (questions.state.status !== 'ready') return [];
    // Without the type names the questions still show, under one unnamed group.
    const names = new Map(
      types.state.status === 'ready' ? types.state.data.map((type) => [type.id, type.name]) : [],
    );
    const byType = new Map<number, Question[]>();
    for (const question of questions.state.data) {
      byType.set(question.typeId, [...(byType.get(question.typeId) ?? []), question]);
    }
    return Array.from(byType, ([typeId, list]) => ({ typeId, name: names.get(typeId), list }));
  }, [questions.state, types.state]);

  if (questions.state.status === 'loading') return <LoadingBlock />;
  if (questions.state.status === 'error') {
    const { message } = questions.state;
    return <ErrorBlock message={message} onRetry={() => void questions.reload()} />;
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
