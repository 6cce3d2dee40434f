import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { createH5NativeComponentConfig } from '@tarojs/plugin-framework-react/dist/runtime';

// Taro's page hooks (useRouter, useDidShow …) read React from the framework runtime, which only
// the app bootstrap fills in; components mounted on their own in a test need it too.
createH5NativeComponentConfig(null, React, ReactDOM);

// jsdom 20 leaves an XMLHttpRequest's timeout timer running when the request fails with a
// network error (its client's 'error' handler does not clear it, as 'end' and abort() do), and
// that Node timer kept Jest's process alive up to the request's timeout (60 s) after the last
// test. abort() on a request that is already done clears the timer and fires nothing, in jsdom
// and in browsers alike; it runs after the page's own error handlers.
const send = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.send = function sendReleasingTimeout(this: XMLHttpRequest, ...args) {
  this.addEventListener('error', () => this.abort());
  return send.apply(this, args);
};

// Each test starts with empty client storage, as a fresh install would.
beforeEach(() => {
  window.localStorage.clear();
});
