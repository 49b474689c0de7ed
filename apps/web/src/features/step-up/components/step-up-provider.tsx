import { useEffect, useRef, useState, type ReactNode } from 'react';
import { loadLocale } from '@/lib/i18n';
import { registerStepUpHandler, type StepUpChallenge } from '@/lib/step-up-bridge';
import { StepUpDialog } from './step-up-dialog';

interface Waiting {
  id: number;
  challenge: StepUpChallenge;
  resolve: () => void;
  reject: (reason: unknown) => void;
}

/** Why the calls waiting for a step-up fail when the dialog goes away without one. */
class StepUpCancelled extends Error {
  constructor() {
    super('The customer did not step up.');
    this.name = 'StepUpCancelled';
  }
}

/**
 * One step-up dialog for the whole signed-in app (docs/product/auth-and-sessions.md#step-up): the
 * http client asks through lib/step-up-bridge.ts when a call answers 403 `step_up_required`, this
 * shows the dialog, and the call is sent again once the customer has stepped up. Calls that need a
 * step-up of the same scope at once share one dialog (the bridge); another scope waits its turn.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Waiting[]>([]);
  const waiting = useRef<Waiting[]>([]);

  useEffect(() => {
    let nextId = 0;
    const texts = loadLocale('stepUp').catch(() => undefined);
    registerStepUpHandler(
      (challenge) =>
        new Promise<void>((resolve, reject) => {
          void texts.then(() => {
            waiting.current = [...waiting.current, { id: (nextId += 1), challenge, resolve, reject }];
            setQueue(waiting.current);
          });
        }),
    );
    return () => {
      registerStepUpHandler(null);
      for (const entry of waiting.current) entry.reject(new StepUpCancelled());
      waiting.current = [];
    };
  }, []);

  function settle(entry: Waiting, done: boolean) {
    waiting.current = waiting.current.filter((w) => w !== entry);
    setQueue(waiting.current);
    if (done) entry.resolve();
    else entry.reject(new StepUpCancelled());
  }

  const current = queue[0];
  return (
    <>
      {children}
      {current && (
        <StepUpDialog
          key={current.id}
          challenge={current.challenge}
          onDone={() => settle(current, true)}
          onCancel={() => settle(current, false)}
        />
      )}
    </>
  );
}
