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
