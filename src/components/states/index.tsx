import { Text, View } from '@tarojs/components';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Picture } from '../picture';
import emptyIcon from '../../assets/icons/state-empty.png';
import errorIcon from '../../assets/icons/state-error.png';
import './index.scss';
import { inlineStyle } from '../../platform/inline-style';

export interface EmptyStateProps {
  /** Default 暂无数据. */
  title?: string;
  description?: string;
  /** A button or link under the text (e.g. 去逛逛). */
  action?: ReactNode;
}

/** Nothing to show: a list with no items, a search with no results. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <View className="state state--empty" role="status">
      <View className="state__icon" aria-hidden>
        <Picture className="state__glyph" src={emptyIcon} alt="" />
      </View>
      <Text className="state__title">{title ?? t('states.empty')}</Text>
      {description && <Text className="state__description">{description}</Text>}
      {action && <View className="state__action">{action}</View>}
    </View>
  );
}

export interface ErrorStateProps {
  /** The server's message, when it gave one; default 加载失败. */
  message?: string;
  onRetry: () => void;
  /** A one-line variant for list footers and notices. */
  compact?: boolean;
}

/** Something failed to load: the whole block is the retry button (a big tap target). */
export function ErrorState({ message, onRetry, compact = false }: ErrorStateProps) {
  const { t } = useTranslation();
  const text = message || t('states.loadFailed');
  if (compact) {
    return (
      <View
        className="state state--compact"
        role="button"
        aria-label={`${text}${t('states.separator')}${t('states.tapToRetry')}`}
        onClick={onRetry}
      >
        <Text className="state__compact-text">
          {text}
          {t('states.separator')}
          <Text className="state__link">{t('states.tapToRetry')}</Text>
        </Text>
      </View>
    );
  }
  return (
    <View className="state state--error" role="alert">
      <View className="state__icon" aria-hidden>
        <Picture className="state__glyph" src={errorIcon} alt="" />
      </View>
      <Text className="state__title">{text}</Text>
      <View
        className="state__button"
        role="button"
        aria-label={t('states.retry')}
        onClick={onRetry}
      >
        <Text>{t('states.retry')}</Text>
      </View>
    </View>
  );
}

export interface SkeletonProps {
  /** How many grey lines (default 3). */
  rows?: number;
  /** A block above the lines (an image, a banner), as a CSS height in design px. */
  media?: 'none' | 'square' | 'banner';
  className?: string;
}

/** Grey placeholders in the shape of what is loading; announced as loading to screen readers. */
export function Skeleton({ rows = 3, media = 'none', className = '' }: SkeletonProps) {
  const { t } = useTranslation();
  return (
    <View className={`skeleton ${className}`} role="progressbar" aria-label={t('common.loading')}>
      {media !== 'none' && <View className={`skeleton__media skeleton__media--${media}`} />}
      {Array.from({ length: rows }, (_, index) => (
        <View
          key={index}
          className="skeleton__line"
          // The last line is shorter, as text is.
          style={index === rows - 1 && rows > 1 ? inlineStyle({ width: '60%' }) : undefined}
        />
      ))}
    </View>
  );
}

/**
 * One grey pulsing block, sized by its class: the placeholder of a picture or a line inside a
 * box that keeps its loaded size while its data loads. Hidden from screen readers.
 */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return <View className={`skeleton-block ${className}`} aria-hidden />;
}

/** A grid of card skeletons, for goods lists loading their first page. */
export function SkeletonGrid({ count = 4 }: { count?: number }) {
  return (
    <View className="skeleton-grid">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} media="square" rows={2} className="skeleton-grid__item" />
      ))}
    </View>
  );
}

export interface ListFooterProps {
  state: 'loading' | 'done' | 'error' | 'idle';
  onRetry?: () => void;
  message?: string;
  /** For the fill check and tests: the footer's element id. */
  id?: string;
}

/** Under a list: 加载中…, 没有更多了, or a failed page's tap-to-retry. */
export function ListFooter({ state, onRetry, message, id }: ListFooterProps) {
  const { t } = useTranslation();
  return (
    <View className="list-footer" id={id}>
      {state === 'loading' && (
        <Text className="list-footer__text" role="status">
          {t('common.loading')}
        </Text>
      )}
      {state === 'done' && <Text className="list-footer__text">{t('states.noMore')}</Text>}
      {state === 'error' && onRetry && <ErrorState compact message={message} onRetry={onRetry} />}
    </View>
  );
}
