import type { UiCalls } from './ui-taro';

let loading: Promise<UiCalls> | undefined;

/**
 * NOTE(h5): Taro's H5 toast, modal, action sheet and chooser code is ~20 KB gzip that no page
 * needs to draw itself, so it loads with the first toast or dialog (one request, then cached).
 * A failed load is forgotten so the next call tries again.
 */
export function loadUiCalls(): Promise<UiCalls> {
  loading ??= import(/* webpackChunkName: "ui-calls" */ './ui-taro').then(
    (module) => module.uiCalls,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
