import { Text, View } from '@tarojs/components';
import { useRef, useState } from 'react';
import { IMAGE_PREVIEW_MAX_ZOOM, IMAGE_PREVIEW_MIN_ZOOM } from '../../constants';
import { Picture } from '../../components/picture';
import { registerMessages, useTranslation } from '../../i18n';
import { catalogMessages } from '@contract/i18n/zh-Hans/catalog';
import { inlineStyle } from '../../platform/inline-style';

registerMessages(catalogMessages);

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return IMAGE_PREVIEW_MIN_ZOOM;
  return Math.min(IMAGE_PREVIEW_MAX_ZOOM, Math.max(IMAGE_PREVIEW_MIN_ZOOM, zoom));
}

interface TouchPointLike {
  clientX: number;
  clientY: number;
}

/** Taro types View's touch handlers loosely; the event carries the DOM-style touch lists. */
function touchList(event: unknown, key: 'touches' | 'changedTouches'): TouchPointLike[] {
  const list = (event as Record<string, ArrayLike<TouchPointLike> | undefined>)[key];
  return list ? Array.from(list) : [];
}

function distance(a: TouchPointLike, b: TouchPointLike): number {
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

export interface ImageViewerProps {
  urls: string[];
  /** Label of every picture (the goods' name). */
  label: string;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * Full-screen picture viewer for H5 (the mini-programs use the platform's own): pinch or the
 * buttons zoom between 1× and 4×; double tap toggles 1× / 2×; swiping at 1× or the arrows page.
 */
export function ImageViewer({ urls, label, index, onIndexChange, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(IMAGE_PREVIEW_MIN_ZOOM);
  const pinch = useRef<{ distance: number; zoom: number } | undefined>(undefined);
  const swipeStart = useRef<number | undefined>(undefined);
  const lastTap = useRef(0);

  const go = (next: number) => {
    if (next < 0 || next >= urls.length) return;
    setZoom(IMAGE_PREVIEW_MIN_ZOOM);
    onIndexChange(next);
  };

  return (
    <View
      className="viewer"
      role="dialog"
      aria-modal
      aria-label={t('catalog.previewOf', { index: index + 1, total: urls.length })}
    >
      <View
        className="viewer__stage"
        onTouchStart={(event) => {
          const touches = touchList(event, 'touches');
          if (touches.length === 2) {
            pinch.current = { distance: distance(touches[0], touches[1]), zoom };
          } else if (touches.length === 1) {
            swipeStart.current = touches[0].clientX;
          }
        }}
        onTouchMove={(event) => {
          const touches = touchList(event, 'touches');
          if (pinch.current && touches.length === 2 && pinch.current.distance > 0) {
            const ratio = distance(touches[0], touches[1]) / pinch.current.distance;
            setZoom(clampZoom(pinch.current.zoom * ratio));
          }
        }}
        onTouchEnd={(event) => {
          const changed = touchList(event, 'changedTouches');
          if (pinch.current) {
            pinch.current = undefined;
            return;
          }
          const start = swipeStart.current;
          swipeStart.current = undefined;
          if (start === undefined || !changed[0] || zoom > IMAGE_PREVIEW_MIN_ZOOM) return;
          const dx = changed[0].clientX - start;
          if (Math.abs(dx) > 50) go(dx < 0 ? index + 1 : index - 1);
        }}
        onClick={() => {
          const now = Date.now();
          if (now - lastTap.current < 300) setZoom((z) => (z > 1 ? 1 : 2));
          lastTap.current = now;
        }}
      >
        <Picture
          className="viewer__image"
          src={urls[index]}
          mode="aspectFit"
          alt={`${label} ${index + 1}`}
          style={inlineStyle({ transform: `scale(${zoom})` })}
        />
      </View>
      <View className="viewer__bar">
        <View
          className="viewer__button"
          role="button"
          aria-label={t('catalog.previous')}
          aria-disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <Text>‹</Text>
        </View>
        <View
          className="viewer__button"
          role="button"
          aria-label={t('catalog.zoomOut')}
          aria-disabled={zoom <= IMAGE_PREVIEW_MIN_ZOOM}
          onClick={() => setZoom((z) => clampZoom(z - 1))}
        >
          <Text>−</Text>
        </View>
        <Text className="viewer__status" role="status">
          {index + 1}/{urls.length} · {t('catalog.zoomLevel', { zoom: Math.round(zoom * 10) / 10 })}
        </Text>
        <View
          className="viewer__button"
          role="button"
          aria-label={t('catalog.zoomIn')}
          aria-disabled={zoom >= IMAGE_PREVIEW_MAX_ZOOM}
          onClick={() => setZoom((z) => clampZoom(z + 1))}
        >
          <Text>+</Text>
        </View>
        <View
          className="viewer__button"
          role="button"
          aria-label={t('catalog.next')}
          aria-disabled={index === urls.length - 1}
          onClick={() => go(index + 1)}
        >
          <Text>›</Text>
        </View>
      </View>
      <View
        className="viewer__close"
        role="button"
        aria-label={t('catalog.previewClose')}
        onClick={onClose}
      >
        <Text>×</Text>
      </View>
    </View>
  );
}
