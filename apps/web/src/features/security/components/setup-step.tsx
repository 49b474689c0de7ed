import { useEffect, useRef, type ReactNode } from 'react';

interface SetupStepProps {
  testId: string;
  heading: string;
  intro: string;
  children: ReactNode;
}

/**
 * A step of setting up two-step verification (scan the code, save the recovery codes): it takes
 * the place of the previous one, so its heading takes the focus when it appears.
 */
export function SetupStep({ testId, heading, intro, children }: SetupStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="space-y-4" data-testid={testId}>
      <h4 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {heading}
      </h4>
      <p className="text-sm text-slate-700">{intro}</p>
      {children}
    </div>
  );
}
