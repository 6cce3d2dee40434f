import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { Question } from '../../api/service';
import { registerMessages, useTranslation } from '../../i18n';
import { customerServiceMessages } from '@contract/i18n/zh-Hans/customer-service';

registerMessages(customerServiceMessages);

/** Questions that open to show their answer; one open at a time keeps the list short. */
export function QuestionList({ questions }: { questions: readonly Question[] }) {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number>();
  return (
    <View className="question-list" role="list">
      {questions.map((item) => {
        const open = item.id === openId;
        return (
          <View key={item.id} className="question-list__item" role="listitem">
            <View
              className="question-list__question"
              role="button"
              aria-label={`${item.question}${t('states.separator')}${t(open ? 'service.hideAnswer' : 'service.showAnswer')}`}
              aria-expanded={open}
              onClick={() => setOpenId(open ? undefined : item.id)}
            >
              <Text className="question-list__question-text">{item.question}</Text>
              <Text
                className={`question-list__chevron${open ? ' question-list__chevron--open' : ''}`}
              >
                ›
              </Text>
            </View>
            {open && (
              <View className="question-list__answer">
                <Text className="question-list__answer-text">{item.answer}</Text>
              </View>
            )}
          </View>
        );
      })}
    </View>
  );
}
