import { ScrollView, View } from '@tarojs/components';
import type { BannerItem } from '@contract/api/home';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Picture } from '../../components/picture';
import { SkeletonBlock } from '../../components/states';
import { mediaUrl } from '../../platform/catalog';
import { followBanner } from './links';

const AUTOPLAY_MS = 4000;

/**
 * The home banners as a horizontal ScrollView that snaps to each picture, advancing every 4 s.
 * Not Swiper: on H5 taro-ui / Taro's Swiper costs about 43 KB and half a second of first paint on
 * the first route (TOOLCHAIN.md); scroll snapping is native to the browser and the mini-programs'
 * scroll-view (`paging-enabled`), and costs nothing.
 * `banners` is undefined while they load: a placeholder holds the banner's box meanwhile.
 */
export function BannerCarousel({ banners }: { banners: BannerItem[] | undefined }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [target, setTarget] = useState<string>();
  const touching = useRef(false);
  const currentRef = useRef(0);
  currentRef.current = current;
  const count = banners?.length ?? 0;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => {
      if (touching.current) return;
      const next = (currentRef.current + 1) % count;
      setCurrent(next);
      setTarget(`banner-${next}`);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (!banners) {
    return (
      <View className="banner" aria-hidden>
        <SkeletonBlock className="banner__placeholder" />
      </View>
    );
  }
  if (count === 0) return null;
  return (
    <View className="banner" role="region" ariaLabel={t('catalog.banners')}>
      <ScrollView
        className="banner__track"
        scrollX
        enhanced
        pagingEnabled
        showScrollbar={false}
        scrollWithAnimation
        scrollIntoView={target}
        onTouchStart={() => {
          touching.current = true;
          // The next autoplay step must scroll even if it names the banner it named last time.
          setTarget(undefined);
        }}
        onTouchEnd={() => (touching.current = false)}
        onScroll={(event) => {
          const { scrollLeft, scrollWidth } = event.detail;
          const width = scrollWidth / count;
          if (width > 0) setCurrent(Math.min(count - 1, Math.round(scrollLeft / width)));
        }}
      >
        {banners.map((banner, index) => (
          <View
            key={banner.id}
            id={`banner-${index}`}
            className="banner__item"
            role="link"
            ariaLabel={banner.title}
            onClick={() => void followBanner(banner)}
          >
            <Picture
              className="banner__image"
              src={mediaUrl(banner.image)}
              mode="aspectFill"
              alt={banner.title}
              lazyLoad={index > 0}
            />
          </View>
        ))}
      </ScrollView>
      {count > 1 && (
        <View className="banner__dots" aria-hidden>
          {banners.map((banner, index) => (
            <View
              key={banner.id}
              className={`banner__dot ${index === current ? 'banner__dot--active' : ''}`}
            />
          ))}
        </View>
      )}
    </View>
  );
}
