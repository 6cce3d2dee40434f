import { uiCalls, type UiCalls } from './ui-taro';

/** The mini-programs have these calls built in: nothing to load. */
export function loadUiCalls(): Promise<UiCalls> {
  return Promise.resolve(uiCalls);
}
