import { useCallback, useEffect, useRef, useState } from 'react';
import type { Envelope } from '../../../contract/http';
import { isOk } from '../../platform/request';

/** One read from the server: loading first, then its data or its failure. */
export type RemoteState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Loads on mount and on `reload()` (pull-down, tap to retry). A reload keeps what is shown until
 * the answer comes, and an answer to an older call is dropped.
 */
export function useRemote<T>(load: () => Promise<Envelope<T>>): {
  state: RemoteState<T>;
  reload: () => Promise<void>;
} {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading' });
  const latest = useRef(0);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const reload = useCallback(async () => {
    latest.current += 1;
    const mine = latest.current;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    const reply = await load();
    if (!mounted.current || mine !== latest.current) return;
    setState(
      isOk(reply) && reply.data !== null && reply.data !== undefined
        ? { status: 'ready', data: reply.data }
        : { status: 'error', message: reply.msg },
    );
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
