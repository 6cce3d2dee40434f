/**
 * Mini-programs: customer-service chat is the platform's contact button (a `Button` with
 * `openType="contact"`), and a page cannot leave the app for another site: the external-jump page
 * shows an allowed https page in the web-view instead.
 */

/** Whether this target opens the chat through the contact button rather than a script. */
/** Whether a page can send the user off the app to another site. */
export const canLeaveApp = false;

export const chatThroughContactButton = true;

/** Open the brand's chat script's panel; the mini-programs have none (see above). */
export function openOnlineChat(): boolean {
  return false;
}

/** Leave the app for an external page; the mini-programs cannot, so this says false. */
export function leaveForExternalPage(_url: string): boolean {
  return false;
}
