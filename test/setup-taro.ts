// Loaded after the test utils' own setup and before any test file: importing @tarojs/taro here
// settles the router ↔ taro-h5 import cycle before a test pulls in the utils (TOOLCHAIN.md).
import '@tarojs/taro';
