import { useCallback, useEffect, useRef, useState } from 'react';
import { POLL_INTERVAL_MS, POLL_TIMEOUT_MS } from './payment-state';

export type PollState = 'polling' | 'done' | 'timeout';

/**
 * Asks `check` until it answers true or the time runs out. A failed request counts as "not yet"
 * (the network may come back before the timeout); `restart` starts a fresh round after a timeout.
 */
export function usePolling(
  check: () => Promise<boolean>,
  options: { enabled?: boolean; intervalMs?: number; timeoutMs?: number } = {},
) {
  const { enabled = true, intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS } = options;
  const [state, setState] = useState<PollState>('polling');
  const [round, setRound] = useState(0);
  const checkRef = useRef(check);
  checkRef.current = check;

  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + timeoutMs;
    setState('polling');
    const tick = async () => {
      let done = false;
      try {
        done = await checkRef.current();
      } catch {
        done = false;
      }
      if (stopped) return;
      if (done) setState('done');
      else if (Date.now() >= deadline) setState('timeout');
      else timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, intervalMs, timeoutMs, round]);

  const restart = useCallback(() => setRound((n) => n + 1), []);
  return { state, restart };
}
