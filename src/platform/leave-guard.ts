import Taro from '@tarojs/taro';
import { setLeaveGuard } from './page-route';

// Its own module, not navigation.ts: the platform's unload alert calls would bring Taro's H5
// dialog code into the first route, which needs none of it (issue 22's first-route budget).

/**
 * Ask before leaving a page midway: the in-app nav bar's back asks through `confirm`; the
 * mini-programs' own back button shows the platform's alert with `message`. Returns the undo.
 */
export function guardLeaving(message: string, confirm: () => Promise<boolean>): () => void {
  const removeGuard = setLeaveGuard(confirm);
  let native = false;
  if (process.env.TARO_ENV === 'weapp' || process.env.TARO_ENV === 'alipay') {
    try {
      Taro.enableAlertBeforeUnload({ message });
      native = true;
    } catch {
      // Older base libraries lack it: the in-app nav bar still asks.
    }
  }
  return () => {
    removeGuard();
    if (native) {
      try {
        Taro.disableAlertBeforeUnload();
      } catch {
        // nothing to undo
      }
    }
  };
}
