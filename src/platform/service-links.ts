/**
 * Mini-programs: customer-service chat is the platform's contact button (a `Button` with
 * `openType="contact"`), and a page cannot leave the app for another site: the external-jump page
 * shows an allowed https page in the web-view instead.
 */

/** Whether a page can send the user off the app to another site. */
export const canLeaveApp = false;

/** Whether this target opens the chat through the contact button rather than a script. */
export const chatThroughContactButton = true;

/** The mini-programs load no chat script (see above). */
export function loadOnlineChat(_scriptUrl: string): Promise<boolean> {
  return Promise.resolve(false);
}

/** Open a chat script's panel; the mini-programs have none (see above). */
export function openOnlineChat(): boolean {
  return false;
}

/** Leave the app for an external page; the mini-programs cannot, so this says false. */
export function leaveForExternalPage(_url: string): boolean {
  return false;
}
