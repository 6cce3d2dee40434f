import { ScrollView, Text, View } from '@tarojs/components';
import type { GoodsInfo, GoodsSku } from '@contract/api/goods';
import { useMemo, useState } from 'react';
import { mediaUrl } from '../../api/media';
import { Picture } from '../../components/picture';
import { registerMessages, useTranslation } from '../../i18n';
import { catalogMessages } from '@contract/i18n/zh-Hans/catalog';
import { previewImages } from '../../platform/image-preview';

registerMessages(catalogMessages);

/** The product's pictures (the chosen SKU's first), which one shows, and the full-screen viewer. */
export function useProductGallery(goods: GoodsInfo, sku: GoodsSku | undefined) {
  const [imageIndex, setImageIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);

  const gallery = useMemo(() => {
    const list = [...(sku?.image ? [sku.image] : []), ...goods.images];
    return [...new Set(list)].map(mediaUrl);
  }, [goods.images, sku?.image]);

  const openPreview = async (index: number) => {
    setImageIndex(index);
    const opened = await previewImages(gallery, index);
    if (!opened) setViewerOpen(true);
  };

  return {
    gallery,
    imageIndex,
    setImageIndex,
    viewerOpen,
    openPreview,
    closeViewer: () => setViewerOpen(false),
  };
}

export function ProductGallery({
  goodsName,
  gallery,
  imageIndex,
  onIndexChange,
  onOpen,
}: {
  goodsName: string;
  gallery: string[];
  imageIndex: number;
  onIndexChange: (index: number) => void;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <View className="gallery">
      <ScrollView
        className="gallery__track"
        scrollX
        enhanced
        pagingEnabled
        showScrollbar={false}
        onScroll={(event) => {
          const { scrollLeft, scrollWidth } = event.detail;
          const width = scrollWidth / Math.max(gallery.length, 1);
          if (width > 0) onIndexChange(Math.round(scrollLeft / width));
        }}
      >
        {gallery.map((url, index) => (
          <View
            key={url}
            className="gallery__item"
            role="button"
            aria-label={t('catalog.previewOf', { index: index + 1, total: gallery.length })}
            onClick={() => onOpen(index)}
          >
            <Picture
              className="gallery__image"
              src={url}
              mode="aspectFit"
              alt={t('catalog.goodsImage', { name: goodsName, index: index + 1 })}
              primary={index === 0}
              lazyLoad={index > 0}
            />
          </View>
        ))}
      </ScrollView>
      {gallery.length > 1 && (
        <Text className="gallery__count" aria-hidden>
          {Math.min(imageIndex, gallery.length - 1) + 1}/{gallery.length}
        </Text>
      )}
    </View>
  );
}
