import { View } from '@tarojs/components';
import type { BannerItem } from '@contract/api/home';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Picture } from '../../components/picture';
import { SkeletonBlock } from '../../components/states';
import { SnapTrack } from '../../platform/snap-track';
import { elementWidth } from '../../platform/window-info';
import { followBanner } from './links';
import { mediaUrl } from '../../api/media';

const AUTOPLAY_MS = 4000;
const TRACK_ID = 'banner-track';

/**
 * The home banners as a horizontal track that snaps to each picture, advancing every 4 s.
 * Not Swiper: on H5 taro-ui / Taro's Swiper costs about 43 KB and half a second of first paint on
 * the first route (TOOLCHAIN.md); scroll snapping is native to the browser and the mini-programs'
 * scroll-view (`paging-enabled`), and costs nothing.
 * `banners` is undefined while they load: a placeholder holds the banner's box meanwhile.
 */
export const BannerCarousel = memo(function BannerCarousel({
  banners,
}: {
  banners: BannerItem[] | undefined;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  // Scrolled by offset, not scrollIntoView: on H5 that also scrolls the page to centre the banner.
  const [scrollLeft, setScrollLeft] = useState(0);
  const touching = useRef(false);
  const currentRef = useRef(0);
  currentRef.current = current;
  const count = banners?.length ?? 0;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => {
      if (touching.current) return;
      const next = (currentRef.current + 1) % count;
      void elementWidth(TRACK_ID).then((width) => {
        if (width <= 0 || touching.current) return;
        setCurrent(next);
        // A fraction of a pixel apart from the last value, so a swipe back to the same offset
        // still counts as a change and scrolls.
        setScrollLeft((last) => (Math.round(last) === next * width ? last + 0.1 : next * width));
      });
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
    // The id is on the banner box, as wide as its track: H5's ScrollView drops ids.
    <View id={TRACK_ID} className="banner" role="region" aria-label={t('catalog.banners')}>
      <SnapTrack
        className="banner__track"
        scrollLeft={scrollLeft}
        onTouchStart={() => {
          touching.current = true;
        }}
        onTouchEnd={() => (touching.current = false)}
        onScrolled={(scrollLeft, scrollWidth) => {
          const width = scrollWidth / count;
          if (width > 0) setCurrent(Math.min(count - 1, Math.round(scrollLeft / width)));
        }}
      >
        {banners.map((banner, index) => (
          <View
            key={banner.id}
            className="banner__item"
            role="link"
            aria-label={banner.title}
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
      </SnapTrack>
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
});
