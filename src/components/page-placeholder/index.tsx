import { Text, View } from '@tarojs/components';
import type { PageBodyProps } from '../page-frame';
import './index.scss';

/** The page's title is in its navigation bar; the body says the screen is still to come. */
export function PagePlaceholder({ params }: PageBodyProps) {
  const paramNames = Object.keys(params);
  return (
    <View className="page-placeholder">
      <Text className="page-placeholder__body">此页面正在建设中</Text>
      {paramNames.length > 0 && (
        <Text className="page-placeholder__params">
          {paramNames.map((name) => `${name}=${params[name]}`).join('  ')}
        </Text>
      )}
    </View>
  );
}
