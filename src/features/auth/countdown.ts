import { useEffect, useState } from 'react';

/**
 * The "resend in N s" countdown after an SMS code is sent. It lives outside any component, so
 * it keeps running when the user edits the number, leaves for the agreement page and comes back,
 * or the form re-mounts: the server refuses a second send within the minute anyway.
 */
let sendableAt = 0;
const listeners = new Set<() => void>();

function secondsLeft(now: number): number {
  return Math.max(0, Math.ceil((sendableAt - now) / 1000));
}

export function startCountdown(seconds: number, now: number = Date.now()): void {
  sendableAt = now + seconds * 1000;
  listeners.forEach((listener) => listener());
}

/** Seconds until another code may be sent (0 = now); re-renders every second while counting. */
export function useCountdown(): number {
  const [left, setLeft] = useState(() => secondsLeft(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const update = () => {
      const value = secondsLeft(Date.now());
      setLeft(value);
      if (value === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      } else if (value > 0 && timer === undefined) {
        timer = setInterval(update, 1000);
      }
    };
    listeners.add(update);
    update();
    return () => {
      listeners.delete(update);
      if (timer !== undefined) clearInterval(timer);
    };
  }, []);
  return left;
}

/** For tests: forget a running countdown. */
export function resetCountdown(): void {
  sendableAt = 0;
  listeners.forEach((listener) => listener());
}
