import { Text, View } from '@tarojs/components';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import './submit.scss';

/**
 * Runs an async action at most once at a time: `pending` is true while it runs, and calls made
 * meanwhile are ignored (a double tap sends one request).
 */
export function useSubmit<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): { pending: boolean; submit: (...args: A) => Promise<void> } {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const submit = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      try {
        await action(...args);
      } finally {
        running.current = false;
        if (mounted.current) setPending(false);
      }
    },
    [action],
  );
  return { pending, submit };
}

export interface SubmitButtonProps {
  /** The submit; the button stays disabled until the returned promise settles. */
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
  /** Disabled for another reason too (form incomplete). */
  disabled?: boolean;
  /** Text while sending; defaults to the children. */
  pendingText?: string;
  className?: string;
}

export function SubmitButton({
  onSubmit,
  children,
  disabled,
  pendingText,
  className,
}: SubmitButtonProps) {
  const { pending, submit } = useSubmit(onSubmit);
  const off = Boolean(disabled) || pending;
  // NOTE(h5): a View, not Taro's Button: the H5 button's own renderer inserts its loading icon
  // among React's children and the two fight over the DOM (insertBefore errors).
  return (
    <View
      className={`form-submit${off ? ' form-submit--disabled' : ''} ${className ?? ''}`}
      role="button"
      aria-disabled={off}
      aria-busy={pending}
      hoverClass={off ? 'none' : 'form-submit--pressed'}
      onClick={() => {
        // The action reports its own failures (server msg toast); a throw must not escape.
        if (!off) submit().catch(() => undefined);
      }}
    >
      <Text>{pending && pendingText ? pendingText : children}</Text>
    </View>
  );
}
