import { useEffect, useRef, useState } from 'react';

type Mode<T> = { name: 'view'; result: T | null } | { name: 'edit' };

/**
 * A setting shown with a button that opens its editor inline (the email address, the mobile number):
 * `open()` shows the editor; `close(result)` shows the setting again with the editor's result (null
 * when cancelled) and puts the focus back on the button that opened it (the first button inside
 * `actionsRef`).
 */
export function useInlineEditor<T>() {
  const [mode, setMode] = useState<Mode<T>>({ name: 'view', result: null });
  const actionsRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (mode.name !== 'view' || !returnFocus.current) return;
    returnFocus.current = false;
    actionsRef.current?.querySelector('button')?.focus();
  }, [mode]);

  return {
    editing: mode.name === 'edit',
    /** What the editor gave when it last closed (null: cancelled, or never opened). */
    result: mode.name === 'view' ? mode.result : null,
    actionsRef,
    open: () => setMode({ name: 'edit' }),
    close: (result: T | null) => {
      returnFocus.current = true;
      setMode({ name: 'view', result });
    },
  };
}
