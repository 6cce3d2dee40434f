import * as React from 'react';
import * as ReactDOM from 'react-dom';
import { createH5NativeComponentConfig } from '@tarojs/plugin-framework-react/dist/runtime';

// Taro's page hooks (useRouter, useDidShow …) read React from the framework runtime, which only
// the app bootstrap fills in; components mounted on their own in a test need it too.
createH5NativeComponentConfig(null, React, ReactDOM);

// Each test starts with empty client storage, as a fresh install would.
beforeEach(() => {
  window.localStorage.clear();
});
