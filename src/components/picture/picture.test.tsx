import * as React from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { mediaUrl } from '../../api/media';
import { Picture } from './index';

// Jest compiles JSX to React.createElement with React a global (as test-utils would set it).
Object.assign(globalThis, { React, IS_REACT_ACT_ENVIRONMENT: true });

function draw(element: React.ReactElement): HTMLElement {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(element));
  return host;
}

describe('Picture (H5)', () => {
  it('offers a catalogue picture’s WebP twin, with the alt on the img', () => {
    const host = draw(<Picture src={mediaUrl('/assets/goods/x-cover.png')} alt="封面" />);
    expect(host.querySelector('source')?.getAttribute('srcset')).toBe(
      mediaUrl('/assets/goods/x-cover.webp'),
    );
    const img = host.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(mediaUrl('/assets/goods/x-cover.png'));
    expect(img.alt).toBe('封面');
  });

  it('offers no WebP for pictures that are not the catalogue’s', () => {
    for (const src of ['/static/brands/1/banner.png', 'https://cdn.example.com/assets/a.png', '']) {
      const host = draw(<Picture src={src} alt="" />);
      expect(host.querySelector('source')).toBeNull();
      expect(host.querySelector('img')?.getAttribute('src') ?? '').toBe(src);
    }
  });
});
