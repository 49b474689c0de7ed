import { SolidIcon } from './icons';

interface FieldErrorProps {
  id: string;
  message: string | undefined;
}

/** The message under a field; the field points at it with aria-describedby. */
export function FieldError({ id, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <SolidIcon
        className="mt-0.5 h-4 w-4 shrink-0"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
      />
      <span>{message}</span>
    </p>
  );
}
