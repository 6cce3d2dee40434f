import '@tarojs/components/types/common';

// WAI-ARIA roles: H5 renders them as the `role` attribute and both mini-program hosts read
// `role`/`aria-*` for their screen readers; Taro's typings only declare `ariaRole` on a few
// components.
declare module '@tarojs/components/types/common' {
  interface StandardProps {
    role?: string;
  }
}
