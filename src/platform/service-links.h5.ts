/**
 * NOTE(h5): the brand's chat script (loaded at launch, `src/static/chat/online-service.js`) adds
 * a floating `#online-service-button`; the customer-service page's own entry presses it, so the
 * chat keeps one panel and one state. External pages open in this tab (`location.assign`), so the
 * browser's back button returns to the app.
 */

/** Whether a page can send the user off the app to another site. */
export const canLeaveApp = true;

export const chatThroughContactButton = false;

const CHAT_BUTTON_ID = 'online-service-button';

/** Open the chat panel; false when the script is not loaded (no chat for this brand, or blocked). */
export function openOnlineChat(): boolean {
  const button = document.getElementById(CHAT_BUTTON_ID);
  if (!button) return false;
  const panel = document.getElementById('online-service-panel');
  // The button toggles: press it only when the panel is closed.
  if (!panel || panel.hidden) button.click();
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
