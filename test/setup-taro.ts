// Loaded after the test utils' own setup and before any test file: importing @tarojs/taro here
// settles the router ↔ taro-h5 import cycle before a test pulls in the utils (TOOLCHAIN.md).
import '@tarojs/taro';

// What scripts/build.ts writes into the H5 index.html: the brand records the app reads at start.
import { brandRecordsJson } from '../scripts/brand-tokens';

const records = document.createElement('script');
records.id = 'brand-records';
records.type = 'application/json';
records.textContent = brandRecordsJson();
document.head.appendChild(records);
