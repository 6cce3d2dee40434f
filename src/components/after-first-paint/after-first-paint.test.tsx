import * as React from 'react';
import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AfterFirstPaint } from './index';

// Jest compiles JSX to React.createElement with React a global (as test-utils would set it).
Object.assign(globalThis, { React, IS_REACT_ACT_ENVIRONMENT: true });

it('draws its children after the render that mounts it has been committed, not in it', () => {
  const host = document.createElement('div');
  const root = createRoot(host);
  // What the page holds when each render commits, before effects run.
  const committed: string[] = [];
  function FirstScreen() {
    useLayoutEffect(() => {
      committed.push(host.textContent ?? '');
    });
    return <p>banner</p>;
  }
  function Page() {
    return (
      <>
        <FirstScreen />
        <AfterFirstPaint>
          <p>goods</p>
        </AfterFirstPaint>
      </>
    );
  }
  act(() => root.render(<Page />));
  expect(committed[0]).toBe('banner');
  expect(host.textContent).toBe('bannergoods');
  act(() => root.unmount());
});
