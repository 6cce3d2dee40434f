import Taro from '@tarojs/taro';

/**
 * NOTE(h5): a brand's online chat is its chat provider's script (GET /api/service/chat), loaded
 * when the customer-service page first offers it, which defines `window.onlineServiceChat` with
 * `open()` and `close()`. The page's own entry opens it; any navigation closes it, so its panel
 * never stays over another page (the product page's options). External pages open in this tab
 * (`location.assign`), so the browser's back button returns to the app.
 */

/** Whether a page can send the user off the app to another site. */
export const canLeaveApp = true;

export const chatThroughContactButton = false;

interface OnlineServiceChat {
  open(): void;
  close(): void;
}

declare global {
  interface Window {
    onlineServiceChat?: OnlineServiceChat;
  }
}

const CHAT_SCRIPT_ID = 'online-service-chat';
let loading: Promise<boolean> | undefined;

function loadedChat(): OnlineServiceChat | undefined {
  const chat = window.onlineServiceChat;
  return chat && typeof chat.open === 'function' && typeof chat.close === 'function'
    ? chat
    : undefined;
}

/**
 * Loads the chat provider's script once; resolves whether it defined the chat. A failed load is
 * forgotten, so the next visit tries again.
 */
export function loadOnlineChat(scriptUrl: string): Promise<boolean> {
  if (loadedChat()) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.id = CHAT_SCRIPT_ID;
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => resolve(Boolean(loadedChat()));
    script.onerror = () => {
      script.remove();
      loading = undefined;
      resolve(false);
    };
    document.body.appendChild(script);
    // Navigating anywhere closes the panel: it belongs to the page that opened it. Taro's H5
    // router announces every route change (push, replace, back) with this event; its history
    // moves by pushState, so the window sees no hashchange.
    Taro.eventCenter.on('__taroRouterChange', () => loadedChat()?.close());
  });
  return loading;
}

/** Open the chat panel; false when no chat is loaded (none for this brand, or it failed). */
export function openOnlineChat(): boolean {
  const chat = loadedChat();
  if (!chat) return false;
  chat.open();
  return true;
}

/** Leave the app for the page; call it only with a URL the allowlist passed. */
export function leaveForExternalPage(url: string): boolean {
  try {
    window.location.assign(url);
    return true;
  } catch {
    return false;
  }
}
