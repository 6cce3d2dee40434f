import { Text, View } from '@tarojs/components';
import { fetchMyComplaints, type MyComplaint } from '../../api/client';
import { serviceMessages } from '@contract/i18n/zh-Hans/service';
import { registerMessages, useTranslation, type MessageKey } from '../../i18n';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './StateViews';
import { useEnvelope } from '../../components/states/useEnvelope';

registerMessages(serviceMessages);

/** Beijing time, `YYYY-MM-DD HH:mm` (the brands are Chinese shops; no date library needed). */
const beijingTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

const STATUS_KEYS: Record<string, MessageKey> = {
  new: 'service.myFeedback.status.new',
  in_progress: 'service.myFeedback.status.in_progress',
  resolved: 'service.myFeedback.status.resolved',
};

function FeedbackItem({ item }: { item: MyComplaint }) {
  const { t } = useTranslation();
  const status = STATUS_KEYS[item.status];
  return (
    <View className="my-feedback__item">
      <View className="my-feedback__head">
        <Text className="my-feedback__time">{beijingTime(item.createdAt)}</Text>
        <Text className={`my-feedback__status my-feedback__status--${item.status}`}>
          {status ? t(status) : item.status}
        </Text>
      </View>
      <Text className="my-feedback__content">{item.content}</Text>
      <Text className={`my-feedback__reply${item.reply ? '' : ' my-feedback__reply--none'}`}>
        {item.reply
          ? t('service.myFeedback.reply', { reply: item.reply })
          : t('service.myFeedback.noReply')}
      </Text>
    </View>
  );
}

/** The user's feedback on this brand with the merchant's replies (the console sends them). */
export function MyFeedback() {
  const { t } = useTranslation();
  const { status, data, retry } = useEnvelope(null, fetchMyComplaints);
  return (
    <View className="my-feedback" aria-label={t('service.myFeedback.title')}>
      <Text className="my-feedback__title">{t('service.myFeedback.title')}</Text>
      {status.state === 'loading' && <LoadingBlock />}
      {status.state === 'error' && <ErrorBlock message={status.message} onRetry={retry} />}
      {status.state === 'ready' &&
        data &&
        (data.list.length === 0 ? (
          <EmptyBlock text={t('service.myFeedback.empty')} />
        ) : (
          data.list.map((item) => <FeedbackItem key={item.id} item={item} />)
        ))}
    </View>
  );
}
