import type { ReactNode, SVGProps } from 'react';

interface LineIconProps extends Omit<SVGProps<SVGSVGElement>, 'fill' | 'stroke'> {
  children: ReactNode;
}

/** A decorative outline icon (hidden from assistive technology), drawn in the text colour; 24 by 24 unless told. */
export function LineIcon({ viewBox = '0 0 24 24', children, ...rest }: LineIconProps) {
  return (
    <svg aria-hidden="true" viewBox={viewBox} fill="none" stroke="currentColor" {...rest}>
      {children}
    </svg>
  );
}

/** A decorative solid icon on a 20 by 20 grid, one even-odd path `d`, filled in the text colour. */
export function SolidIcon({ d, className }: { d: string; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="currentColor">
      <path fillRule="evenodd" d={d} clipRule="evenodd" />
    </svg>
  );
}
