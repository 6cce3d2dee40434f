import { Text, View } from '@tarojs/components';
import { homeMessages } from '@contract/i18n/zh-Hans/home';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState } from '../../components/states';
import { registerMessages, useTranslation } from '../../i18n';
import { goHome } from '../../platform/open-page';
import './not-found.scss';

registerMessages(homeMessages);

/** pages/notFound/notFound?path — a link to a page that does not exist: say so, and go home. */
export function NotFound({ params }: PageBodyProps) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('notFound.title')}
      description={params.path ? t('notFound.path', { path: params.path }) : undefined}
      action={
        <View className="not-found__home" role="button" onClick={() => void goHome()}>
          <Text>{t('notFound.home')}</Text>
        </View>
      }
    />
  );
}
