/**
 * What Taro's H5 toast shows right now. Its DOM: `.taro__toast` > [mask, box > [icon <p>, title <p>]];
 * `icon: 'none'` hides the icon with display:none, and hiding fades the wrapper to display:none.
 */
export function visibleToast(): { text: string; iconShown: boolean } | undefined {
  const toasts = Array.from(document.body.querySelectorAll<HTMLElement>('.taro__toast'));
  for (const toast of toasts.reverse()) {
    if (toast.style.display === 'none') continue;
    const [icon, title] = Array.from(toast.querySelectorAll<HTMLElement>('p'));
    if (!title) continue;
    return { text: title.textContent ?? '', iconShown: icon?.style.display !== 'none' };
  }
  return undefined;
}

/**
 * The toast once it shows: on H5 the toast code loads with the first toast (ui-load.h5.ts), so
 * it appears a moment after the call that asked for it. Undefined if none shows within 2 s.
 */
export async function shownToast(): Promise<{ text: string; iconShown: boolean } | undefined> {
  for (let waited = 0; waited < 2000; waited += 10) {
    const toast = visibleToast();
    if (toast) return toast;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return undefined;
}
