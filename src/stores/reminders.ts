/**
 * Bill reminders in the mini-program: when the user places an order or pays, the host asks
 * whether they want reminders as service messages; what they accept is recorded on the server,
 * which sends one message per acceptance 3 days and 1 day before a bill is due, on the day, and
 * when it is overdue. SMS reminders go regardless.
 */
import { fetchSubscribeTemplates, recordSubscriptions } from '../api/privacy';
import { requestSubscribe, subscribeHost } from '../platform/subscribe';
import { useSession } from './session';

let templateIds: string[] | undefined;

/** Fetches this brand's template ids ahead of the tap (the host only asks from a tap). */
export async function prefetchReminderTemplates(): Promise<void> {
  if (!subscribeHost || templateIds || useSession.getState().status !== 'loggedIn') return;
  const reply = await fetchSubscribeTemplates(subscribeHost);
  if (reply.code === 200 && Array.isArray(reply.data)) {
    templateIds = reply.data.map((t) => t.templateId).slice(0, 3);
  }
}

/** From the pay or place tap: asks, records what was accepted; never blocks the flow on errors. */
export async function askBillReminders(): Promise<void> {
  if (!subscribeHost || !templateIds || templateIds.length === 0) return;
  const accepted = await requestSubscribe(templateIds);
  if (accepted.length > 0) await recordSubscriptions(subscribeHost, accepted);
}

/** Tests: forget the fetched ids. */
export function resetReminderTemplates(): void {
  templateIds = undefined;
}
