import { View } from '@tarojs/components';
import { Skeleton } from '../../components/states';

/**
 * An after-sale page loading: lines in a card where the page's first card goes, so the content
 * that replaces it starts at the same place (a bare skeleton sat 14 px higher: the page's content
 * box moved down when the form came).
 */
export function AftersaleSkeleton() {
  return (
    <View className="aftersale">
      <Skeleton rows={6} className="aftersale-card" />
    </View>
  );
}
