import type { ReactNode } from 'react';

/** The look of a field's label (a legend of a group of fields takes it too). */
export const fieldLabelClass = 'mb-1.5 block text-sm font-medium text-slate-800';

/** The label above a field. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={fieldLabelClass}>
      {children}
    </label>
  );
}
