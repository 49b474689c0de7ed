import { useId, type ReactNode } from 'react';
import { Card } from './card';

interface SectionCardProps {
  /** The section's heading (an h2), which names it. */
  heading: ReactNode;
  testId?: string;
  /** Classes of the card (e.g. its padding). */
  className?: string;
  children: ReactNode;
}

/** A card that is one section of a page, named by its h2 heading. */
export function SectionCard({ heading, testId, className, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={headingId} data-testid={testId}>
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
          {heading}
        </h2>
        {children}
      </section>
    </Card>
  );
}
