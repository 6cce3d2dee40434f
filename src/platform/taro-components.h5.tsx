/**
 * What `import { View, Text, ... } from '@tarojs/components'` gives the H5 build (config/index.ts
 * swaps Taro's own re-export of @tarojs/components-react for this module).
 *
 * Taro's HTML View is two components (a forwardRef wrapper around the view) with three states and
 * an effect, for every box on the page, whether or not it has a hover class; its class name is also
 * a state that an effect copies from the prop, so a changed class shows one render late, after a
 * second render. Text is two components for one span. Home draws a few hundred of them, and that
 * work is most of the long tasks Lighthouse counts as blocking time. Taro's Image listens to every
 * picture's load and reads the picture's size there, which lays the page out again each time one
 * arrives, and lazy loading gives each picture an IntersectionObserver.
 *
 * Here a View is one component with no hooks unless it has a hover class, a Text is one
 * component, and an Image is one component that listens to loads only for a page that asks and
 * lazy-loads with the browser's own `loading="lazy"`. They render the same elements and class
 * names as Taro's (so Taro's stylesheet still applies). Everything else is Taro's.
 */
import type { ImageProps, TextProps, ViewProps } from '@tarojs/components';
import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ForwardedRef,
  type SyntheticEvent,
  type TouchEvent,
} from 'react';

export * from '@tarojs/components-react';

type HoverProps = Pick<ViewProps, 'hoverClass' | 'hoverStartTime' | 'hoverStayTime'>;

const joinClasses = (...names: (string | false | undefined)[]) =>
  names.filter(Boolean).join(' ') || undefined;

/** A View with a hover class: pressed, it takes that class after hoverStartTime and keeps it hoverStayTime after release. */
function PressableView({
  hoverClass,
  hoverStartTime = 50,
  hoverStayTime = 400,
  className,
  onTouchStart,
  onTouchEnd,
  onTouchCancel,
  elementRef,
  ...rest
}: ViewProps & { elementRef: ForwardedRef<HTMLDivElement> }) {
  const [pressed, setPressed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const press = (on: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPressed(on), delay);
  };
  const release = () => press(false, hoverStayTime);
  return (
    <div
      {...(rest as object)}
      ref={elementRef}
      className={joinClasses(className, pressed && hoverClass)}
      onTouchStart={(event: TouchEvent<HTMLDivElement>) => {
        press(true, hoverStartTime);
        onTouchStart?.(event as never);
      }}
      onTouchEnd={(event: TouchEvent<HTMLDivElement>) => {
        release();
        onTouchEnd?.(event as never);
      }}
      onTouchCancel={(event: TouchEvent<HTMLDivElement>) => {
        release();
        onTouchCancel?.(event as never);
      }}
    />
  );
}

export const View = forwardRef<HTMLDivElement, ViewProps>(function View(props, ref) {
  const {
    hoverClass,
    hoverStartTime: _hoverStartTime,
    hoverStayTime: _hoverStayTime,
    ...rest
  } = props as ViewProps & HoverProps;
  // Mini-program semantics: hover-class "none" means no pressed state.
  if (hoverClass && hoverClass !== 'none') return <PressableView {...props} elementRef={ref} />;
  return <div {...(rest as object)} ref={ref} />;
});

export const Text = forwardRef<HTMLSpanElement, TextProps>(function Text(
  { selectable, userSelect, className, ...rest },
  ref,
) {
  return (
    <span
      {...(rest as object)}
      ref={ref}
      className={joinClasses(
        'taro-text',
        (selectable || userSelect) && 'taro-text__selectable',
        className,
      )}
    />
  );
});

/**
 * Taro's Image, plus `webpSrc` (ours, H5 only): the same picture as WebP, which the browser takes
 * instead of `src` when it reads WebP (a `picture` element with a WebP source).
 */
export const Image = forwardRef<HTMLDivElement, ImageProps & { webpSrc?: string }>(function Image(
  { className, src, webpSrc, mode, lazyLoad, onLoad, onError, imgProps, ...rest },
  ref,
) {
  // The event as a mini-program gives it: the picture's own size in `detail`.
  const handleLoad = onLoad
    ? (event: SyntheticEvent<HTMLImageElement>) => {
        const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
        onLoad(Object.assign(event, { detail: { width, height } }) as never);
      }
    : undefined;
  const img = (
    <img
      className={`taro-img__mode-${(mode ?? 'scaleToFill').toLowerCase().replace(/\s/g, '')}`}
      src={src}
      loading={lazyLoad ? 'lazy' : undefined}
      onLoad={handleLoad}
      onError={onError as never}
      {...imgProps}
    />
  );
  return (
    <div
      {...(rest as object)}
      ref={ref}
      className={joinClasses('taro-img', mode === 'widthFix' && 'taro-img__widthfix', className)}
    >
      {webpSrc ? (
        // display: contents, so the img is laid out as if the picture element were not there.
        <picture style={{ display: 'contents' }}>
          <source type="image/webp" srcSet={webpSrc} />
          {img}
        </picture>
      ) : (
        img
      )}
    </div>
  );
});
