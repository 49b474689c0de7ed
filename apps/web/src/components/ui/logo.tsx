export function LogoMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className ?? 'h-8 w-8'}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M9 20l7-9 7 9" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
