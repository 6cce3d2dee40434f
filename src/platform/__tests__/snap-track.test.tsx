/**
 * The H5 banner track (platform/snap-track.h5.tsx) draws the element Taro's ScrollView draws and
 * scrolls as it did: not at first, smoothly to each new offset, reporting where it is.
 */
import * as React from 'react';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SnapTrack } from '../snap-track.h5';

// As taro-components.test.tsx: react-dom alone, in an act() environment.
Object.assign(globalThis, { React, IS_REACT_ACT_ENVIRONMENT: true });

let host: HTMLElement;
let root: Root;
const scrollTo = jest.fn();

beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  scrollTo.mockReset();
  Object.assign(HTMLElement.prototype, { scrollTo });
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

it('draws Taro’s scroll-view track, scrolls smoothly to each new offset, and reports scrolls', () => {
  const scrolled: [number, number][] = [];
  let moveTo: (left: number) => void = () => undefined;
  function Banner() {
    const [left, setLeft] = useState(0);
    moveTo = setLeft;
    return (
      <SnapTrack
        className="banner__track"
        scrollLeft={left}
        onScrolled={(scrollLeft, scrollWidth) => scrolled.push([scrollLeft, scrollWidth])}
      >
        <span>one</span>
      </SnapTrack>
    );
  }
  act(() => root.render(<Banner />));
  const track = host.firstElementChild as HTMLDivElement;
  expect(track.tagName).toBe('DIV');
  expect(track.className).toBe(
    'taro-scroll taro-scroll-view__scroll-x taro-scroll--hidebar taro-scroll--enhanced banner__track',
  );
  expect(scrollTo).not.toHaveBeenCalled();

  act(() => moveTo(375));
  expect(scrollTo).toHaveBeenCalledWith({ left: 375, behavior: 'smooth' });

  Object.defineProperty(track, 'scrollWidth', { value: 750, configurable: true });
  track.scrollLeft = 375;
  act(() => {
    track.dispatchEvent(new Event('scroll'));
  });
  expect(scrolled).toEqual([[375, 750]]);
});
