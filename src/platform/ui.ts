import { MESSAGE_TOAST_DURATION_MS, TOAST_DURATION_MS } from '../constants';
import { t } from '../i18n';
import { accentColor } from './accent';
import { rememberPickedName } from './picked-files';
import { loadUiCalls } from './ui-load';
import type { UiCalls } from './ui-taro';

/** Toasts, loading, clipboard, phone calls and the image chooser: the same call on every target. */

export type ToastIcon = 'success' | 'error' | 'loading' | 'none';

/** Runs one of the target's calls; resolves whether it succeeded, never rejects. */
function quietly(call: (calls: UiCalls) => unknown): Promise<boolean> {
  return loadUiCalls()
    .then((calls) => call(calls))
    .then(
      () => true,
      () => false,
    );
}

/** A toast for 1500 ms. */
export function showToast(
  title: string,
  options: { icon?: ToastIcon; duration?: number; mask?: boolean } = {},
): Promise<boolean> {
  return quietly((calls) =>
    calls.showToast({
      title,
      icon: options.icon ?? 'none',
      duration: options.duration ?? TOAST_DURATION_MS,
      mask: options.mask ?? false,
    }),
  );
}

/** The helper variant for server messages (login failure, user-info failure): 2000 ms, no icon. */
export function showMessage(message: string): Promise<boolean> {
  if (!message) return Promise.resolve(false);
  return showToast(message, { icon: 'none', duration: MESSAGE_TOAST_DURATION_MS });
}

/** A loading toast that stays until hideLoading. */
export function showLoading(title: string = t('common.loading')): Promise<boolean> {
  return quietly((calls) => calls.showLoading({ title, mask: true }));
}

export function hideLoading(): Promise<boolean> {
  return quietly((calls) => calls.hideLoading());
}

/** Copy text and say whether it worked: 内容已复制, or 复制失败，请手动复制. */
export async function copyText(text: string): Promise<boolean> {
  const copied = await quietly((calls) => calls.setClipboardData({ data: text }));
  await showToast(t(copied ? 'clipboard.copied' : 'clipboard.failed'));
  return copied;
}

/** Dial a number; resolves false when the user cancels or the target cannot call. */
export function callPhone(phoneNumber: string): Promise<boolean> {
  const digits = phoneNumber.replace(/[^\d+-]/g, '');
  if (!digits) return Promise.resolve(false);
  return quietly((calls) => calls.makePhoneCall({ phoneNumber: digits }));
}

/** Pick images for an upload; resolves the local file paths, [] when cancelled or denied. */
export async function chooseImages(
  count = 1,
  source: ('album' | 'camera')[] = ['album', 'camera'],
): Promise<string[]> {
  try {
    const calls = await loadUiCalls();
    const res = await calls.chooseImage({
      count,
      sizeType: ['compressed'],
      sourceType: source,
    });
    // H5: each path is a blob: URL; the picked file's own name goes with its upload.
    (res.tempFiles ?? []).forEach((file) => {
      const picked = (file as { originalFileObj?: { name?: string } }).originalFileObj;
      rememberPickedName(file.path, picked?.name);
    });
    return (res.tempFilePaths ?? []).slice(0, count);
  } catch {
    return [];
  }
}

/**
 * Ask before something that cannot be undone; resolves true only on the confirm button, which is
 * in the brand's colour unless `confirmColor` says otherwise.
 */
export async function confirmAction(
  content: string,
  labels: { confirm: string; cancel: string; title?: string; confirmColor?: string },
): Promise<boolean> {
  try {
    const calls = await loadUiCalls();
    const confirmColor = labels.confirmColor ?? accentColor();
    const result = await calls.showModal({
      title: labels.title ?? '',
      content,
      confirmText: labels.confirm,
      cancelText: labels.cancel,
      ...(confirmColor ? { confirmColor } : {}),
    });
    return Boolean(result.confirm);
  } catch {
    return false;
  }
}
