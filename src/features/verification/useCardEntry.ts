import { useEffect, useState } from 'react';
import {
  clearBindCardDraft,
  readBindCardDraft,
  saveBindCardDraft,
  sentForKey,
} from './bindCardDraft';

/**
 * bindCard's card number and reserved mobile as typed, kept as a draft across a reload
 * (bindCardDraft: session storage only), and the code last sent for them with its countdown. A
 * code belongs to the card and mobile it was sent for: after either is edited it is no longer
 * `bindId`, and a new one may be asked for at once.
 */
export function useCardEntry(resendSeconds: number) {
  const [draft] = useState(() => readBindCardDraft(Date.now()));
  const [cardNo, setCardNo] = useState(draft?.cardNo ?? '');
  const [mobile, setMobile] = useState(draft?.mobile ?? '');
  const [sent, setSent] = useState(draft?.sent);
  const [countdown, setCountdown] = useState(() =>
    draft?.sent ? Math.max(0, resendSeconds - Math.floor((Date.now() - draft.sent.at) / 1000)) : 0,
  );
  const [finished, setFinished] = useState(false);
  const digits = cardNo.replace(/\D/g, '').slice(0, 19);
  const current = sent !== undefined && sent.forKey === sentForKey(digits, mobile);

  useEffect(() => {
    if (countdown <= 0) return undefined;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  useEffect(() => {
    if (finished) return;
    saveBindCardDraft({ cardNo, mobile, ...(sent ? { sent } : {}), savedAt: Date.now() });
  }, [cardNo, mobile, sent, finished]);

  return {
    cardNo,
    setCardNo,
    mobile,
    setMobile,
    digits,
    /** The bind request of the code sent for what is typed now ('' when none is). */
    bindId: current ? sent.bindId : '',
    /** The countdown before another code for the same card and mobile. */
    waiting: current && countdown > 0,
    countdown,
    /** A code was sent, then the card or mobile was edited. */
    edited: sent !== undefined && !current,
    codeSent(bindId: string) {
      setSent({ bindId, forKey: sentForKey(digits, mobile), at: Date.now() });
      setCountdown(resendSeconds);
    },
    /** The card is bound: the draft, with its card number, goes. */
    finish() {
      clearBindCardDraft();
      setFinished(true);
    },
  };
}
