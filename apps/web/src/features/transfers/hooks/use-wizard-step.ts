import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { isWizardStep, WIZARD_STEPS, type WizardStep } from '../lib/wizard-state';

interface WizardStepOptions {
  /** Nothing blocks the quote and it is not used: the steps after the amount may be shown. */
  open: boolean;
  recipientChosen: boolean;
  /** The purpose and reference pass the destination's rules. */
  detailsValid: boolean;
  /** Confirmed: on the way to the payment page, the address is left alone. */
  leaving: RefObject<boolean>;
  /** Focused when the step changes (not on the first render). */
  stepHeading: RefObject<HTMLHeadingElement | null>;
}

/**
 * The wizard's step, from the address (`?step=`): the one asked for, or the last one before it that
 * can be shown (the recipient once nothing blocks, details once one is chosen, review once the
 * details pass); the address is corrected to the step shown.
 */
export function useWizardStep({ open, recipientChosen, detailsValid, leaving, stepHeading }: WizardStepOptions) {
  const [params, setParams] = useSearchParams();
  const reachable: Record<WizardStep, boolean> = {
    amount: true,
    recipient: open,
    details: open && recipientChosen,
    review: open && recipientChosen && detailsValid,
  };
  const asked = params.get('step');
  const wanted: WizardStep = isWizardStep(asked) ? asked : 'amount';
  let step: WizardStep = 'amount';
  for (const s of WIZARD_STEPS.slice(0, WIZARD_STEPS.indexOf(wanted) + 1)) {
    if (!reachable[s]) break;
    step = s;
  }

  const goTo = useCallback(
    (next: WizardStep, replace = false) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set('step', next);
          return copy;
        },
        { replace },
      );
    },
    [setParams],
  );

  // A step asked for that cannot be shown yet: the address says the one shown.
  useEffect(() => {
    if (leaving.current) return;
    if (asked !== step && !(asked === null && step === 'amount')) goTo(step, true);
  }, [asked, step, goTo, leaving]);

  // Focus goes to the step's heading when the step changes (not on the first render).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus();
  }, [step, stepHeading]);

  return { step, reachable, goTo };
}
