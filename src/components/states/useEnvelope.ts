import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import type { Envelope } from '../../../contract/http';
import { useTranslation } from '../../i18n';

/** What a screen that loads one envelope shows: the skeleton, the error state, or its data. */
export type EnvelopeStatus =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready' };

export interface EnvelopeLoad<T> {
  status: EnvelopeStatus;
  /** The last data loaded; kept while a later load runs or fails. */
  data: T | undefined;
  /**
   * For a screen that changes the data itself: an action's reply, or (as a function of the data
   * shown) a later answer about part of it.
   */
  setData: Dispatch<SetStateAction<T | undefined>>;
  /** Loads again without the skeleton (page shown again, after an action): the new data, if any. */
  refresh: () => Promise<T | undefined>;
  /** The error state's retry: the skeleton, then load again. */
  retry: () => void;
}

/**
 * The one "load an envelope, show loading / error / the data" of the screens: loads when mounted
 * and whenever `key` changes (the id the screen is about; an answer for an earlier key is
 * dropped) or the language does (the server answers in it). `request` answers the envelope, or a
 * message to show instead of asking (an id that is no id); a reply whose code is not 200 or that
 * has no data is an error with the server's message. `onData` sees each new data as it arrives
 * (a default selection worked out from it, say).
 *
 * Imported from this module, not from the states' index (which every page's bundle has). The
 * customer-service tab uses it, so it is in the mini-programs' main package (400 KB budget, at its
 * limit): keep it small.
 */
export function useEnvelope<T>(
  key: string | number | boolean | null | undefined,
  request: () => Promise<Envelope<T | null | undefined>> | string,
  onData?: (data: T) => void,
): EnvelopeLoad<T> {
  const [data, setData] = useState<T | undefined>();
  const [status, setStatus] = useState<EnvelopeStatus>({ state: 'loading' });
  // The latest closures, so `refresh` stays the same function for the screen's effects.
  const latest = useRef({ key, request, onData });
  latest.current = { key, request, onData };

  const refresh = useCallback(async (): Promise<T | undefined> => {
    const askedFor = latest.current.key;
    const asked = latest.current.request();
    // A message instead of a request is that error, at once.
    const reply = typeof asked === 'string' ? { code: 0, msg: asked, data: null } : await asked;
    // The screen is about something else now (another tab's questions): its own read answers.
    if (latest.current.key !== askedFor) return undefined;
    if (reply.code !== 200 || !reply.data) {
      setStatus({ state: 'error', message: reply.msg });
      return undefined;
    }
    const loaded = reply.data;
    setData(loaded);
    const { onData: seen } = latest.current;
    if (seen) seen(loaded);
    setStatus({ state: 'ready' });
    return loaded;
  }, []);

  const { t } = useTranslation();
  useEffect(() => {
    void refresh();
  }, [key, t, refresh]);

  return {
    status,
    data,
    setData,
    refresh,
    retry: () => {
      setStatus({ state: 'loading' });
      void refresh();
    },
  };
}
