// babel-preset-taro is the compiler for every target; jest uses the same preset through
// @tarojs/test-utils-react's transformer.
module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
      },
    ],
  ],
};
