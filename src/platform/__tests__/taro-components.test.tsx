/**
 * The H5 build's View, Text and Image (platform/taro-components.h5.tsx) must draw what Taro's do:
 * the same elements, classes and attributes, pressed classes on time, and a changed class at once.
 */
import * as React from 'react';
import { act, createRef, useLayoutEffect, useState, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import * as components from '../taro-components.h5';

const { View, Text, Image } = components;

// Jest compiles JSX to React.createElement, with React a global that importing
// @tarojs/test-utils-react sets; this test renders with react-dom alone. act() warns unless the
// environment says it is a test.
Object.assign(globalThis, { React, IS_REACT_ACT_ENVIRONMENT: true });

let host: HTMLElement;
let root: Root;

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  jest.useRealTimers();
});

const render = (element: ReactElement) => act(() => root.render(element));

describe('View', () => {
  it('is a div with the class, ARIA and data attributes, and click handler it is given', () => {
    const onClick = jest.fn();
    const ref = createRef<HTMLDivElement>();
    render(
      <View
        ref={ref}
        className="card card--active"
        aria-label="iPhone 15"
        role="link"
        data-id="7"
        onClick={onClick}
      >
        iPhone 15
      </View>,
    );
    const box = host.firstElementChild as HTMLElement;
    expect(box.tagName).toBe('DIV');
    expect(box.className).toBe('card card--active');
    expect(box.getAttribute('aria-label')).toBe('iPhone 15');
    expect(box.getAttribute('role')).toBe('link');
    expect(box.dataset.id).toBe('7');
    expect(box.textContent).toBe('iPhone 15');
    expect(ref.current).toBe(box);
    act(() => box.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a changed class in the same render (Taro’s showed it one render later)', () => {
    // What the DOM holds when the render commits, before any effect runs.
    const committed: string[][] = [];
    const classes = () => Array.from(host.querySelectorAll('.tab'), (tab) => tab.className);
    function Tabs() {
      const [active, setActive] = useState(0);
      useLayoutEffect(() => {
        committed.push(classes());
      });
      return (
        <View>
          {[0, 1].map((tab) => (
            <View
              key={tab}
              className={tab === active ? 'tab tab--active' : 'tab'}
              onClick={() => setActive(tab)}
            />
          ))}
        </View>
      );
    }
    render(<Tabs />);
    act(() => (host.querySelectorAll<HTMLElement>('.tab')[1] as HTMLElement).click());
    expect(committed).toEqual([
      ['tab tab--active', 'tab'],
      ['tab', 'tab tab--active'],
    ]);
  });

  it('takes its hover class while pressed, after hoverStartTime, until hoverStayTime after release', () => {
    jest.useFakeTimers();
    const onTouchStart = jest.fn();
    const onTouchEnd = jest.fn();
    render(
      <View
        className="back"
        hoverClass="back--pressed"
        hoverStartTime={20}
        hoverStayTime={100}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      />,
    );
    const box = host.firstElementChild as HTMLElement;
    const touch = (type: string) =>
      act(() => {
        box.dispatchEvent(new Event(type, { bubbles: true }));
      });
    touch('touchstart');
    expect(box.className).toBe('back');
    act(() => jest.advanceTimersByTime(20));
    expect(box.className).toBe('back back--pressed');
    touch('touchend');
    act(() => jest.advanceTimersByTime(99));
    expect(box.className).toBe('back back--pressed');
    act(() => jest.advanceTimersByTime(1));
    expect(box.className).toBe('back');
    // The page's own touch handlers still run.
    expect(onTouchStart).toHaveBeenCalledTimes(1);
    expect(onTouchEnd).toHaveBeenCalledTimes(1);
  });

  it('has no pressed state with hoverClass "none", and writes no hover attributes', () => {
    jest.useFakeTimers();
    render(<View className="submit" hoverClass="none" hoverStayTime={10} />);
    const box = host.firstElementChild as HTMLElement;
    act(() => {
      box.dispatchEvent(new Event('touchstart', { bubbles: true }));
      jest.advanceTimersByTime(500);
    });
    expect(box.className).toBe('submit');
    expect(box.getAttributeNames()).toEqual(['class']);
  });
});

describe('Text', () => {
  it('is a span with Taro’s text class, selectable when asked', () => {
    const ref = createRef<HTMLSpanElement>();
    render(
      <View>
        <Text ref={ref} className="price">
          ¥199
        </Text>
        <Text selectable>订单号 123</Text>
      </View>,
    );
    const [price, orderNumber] = Array.from(host.querySelectorAll('span'));
    expect(price.className).toBe('taro-text price');
    expect(price.textContent).toBe('¥199');
    expect(ref.current).toBe(price);
    expect(orderNumber.className).toBe('taro-text taro-text__selectable');
  });
});

describe('Image', () => {
  it('is Taro’s box around an img, with the mode’s class, the alt, and native lazy loading', () => {
    render(
      <View>
        <Image
          className="cover"
          src="/a.png"
          mode="aspectFill"
          lazyLoad
          imgProps={{ alt: '封面' }}
        />
        <Image src="/b.png" mode="widthFix" aria-hidden />
        <Image src="/c.png" />
      </View>,
    );
    const [cover, banner, plain] = Array.from(host.querySelectorAll<HTMLElement>('.taro-img'));
    expect(cover.className).toBe('taro-img cover');
    const img = cover.querySelector('img') as HTMLImageElement;
    expect(img.className).toBe('taro-img__mode-aspectfill');
    expect(img.getAttribute('src')).toBe('/a.png');
    expect(img.alt).toBe('封面');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(banner.className).toBe('taro-img taro-img__widthfix');
    expect(banner.getAttribute('aria-hidden')).toBe('true');
    expect(banner.querySelector('img')?.className).toBe('taro-img__mode-widthfix');
    expect(plain.querySelector('img')?.className).toBe('taro-img__mode-scaletofill');
    expect(plain.querySelector('img')?.hasAttribute('loading')).toBe(false);
  });

  it('offers a WebP source before the img when given one', () => {
    render(<Image className="cover" src="/a.png" webpSrc="/a.webp" imgProps={{ alt: '' }} />);
    const source = host.querySelector('.taro-img > picture > source') as HTMLSourceElement;
    expect(source.type).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe('/a.webp');
    expect(host.querySelector('picture > img')?.getAttribute('src')).toBe('/a.png');
  });

  it('tells onLoad the picture’s own size, as a mini-program does', () => {
    const onLoad = jest.fn();
    render(<Image src="/a.png" onLoad={onLoad} />);
    const img = host.querySelector('img') as HTMLImageElement;
    Object.defineProperties(img, { naturalWidth: { value: 600 }, naturalHeight: { value: 400 } });
    act(() => {
      img.dispatchEvent(new Event('load'));
    });
    expect(onLoad).toHaveBeenCalledTimes(1);
    expect(onLoad.mock.calls[0][0].detail).toEqual({ width: 600, height: 400 });
  });
});

it('passes Taro’s other components through', () => {
  for (const name of ['Image', 'ScrollView', 'Input', 'Button', 'Swiper', 'PullDownRefresh'])
    expect(components[name as keyof typeof components]).toBeTruthy();
});
