import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/**
 * A small typed form hook for the two screens of the sign-in page (sign-in and sign-up), which keep
 * react-hook-form's behaviour without its 36 KB in that page's bundle
 * (docs/decisions/0003-entry-bundle.md). Every other form still uses react-hook-form.
 *
 * Like react-hook-form's defaults: nothing is checked before the first submit; a submit checks every
 * field and focuses the first one in error; after that, each change re-checks its field. Server
 * messages (a 422) go under their fields and focus the first of them. Focus moves once the messages
 * are on screen, so a screen reader reads the field as invalid, with its message.
 */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** Parsed values, or the first message of each invalid field. */
export type Validation<V> = { ok: true; values: V } | { ok: false; errors: FieldErrors<V> };
export type Validator<V> = (values: V) => Validation<V>;

export interface FormOptions<V> {
  defaultValues: V;
  /** Loaded on the first check (a submit), so the schema library stays out of the page's bundle. */
  loadValidator: () => Promise<Validator<V>>;
}

export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  ref: (element: HTMLInputElement | null) => void;
}

export function useForm<V extends Record<string, string>>({ defaultValues, loadValidator }: FormOptions<V>) {
  type Field = keyof V & string;
  const [values, setValues] = useState<V>(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const latest = useRef<V>(defaultValues);
  const submitted = useRef(false);
  const elements = useRef(new Map<Field, HTMLInputElement>());
  const validator = useRef<{ load: () => Promise<Validator<V>>; promise: Promise<Validator<V>> } | null>(null);
  /** Fields in error whose first gets the focus once they are rendered. */
  const focusRequest = useRef<FieldErrors<V> | null>(null);

  /** Loaded once per loadValidator (the screens make a new one when the language changes). */
  const getValidator = useCallback(() => {
    if (validator.current?.load !== loadValidator) {
      const entry = {
        load: loadValidator,
        promise: loadValidator().catch((error: unknown) => {
          if (validator.current === entry) validator.current = null; // a failed chunk load may succeed later
          throw error;
        }),
      };
      validator.current = entry;
    }
    return validator.current.promise;
  }, [loadValidator]);

  /** Fields in the order of defaultValues, which is the order on screen. */
  const focusFirst = useCallback((inError: FieldErrors<V>) => {
    const first = (Object.keys(latest.current) as Field[]).find((field) => inError[field]);
    if (first) elements.current.get(first)?.focus();
  }, []);

  useEffect(() => {
    const inError = focusRequest.current;
    focusRequest.current = null;
    if (inError) focusFirst(inError);
  }, [errors, focusFirst]);

  const recheck = useCallback(
    async (field: Field, current: V) => {
      const result = (await getValidator())(current);
      const message = result.ok ? undefined : result.errors[field];
      setErrors((previous) => {
        if (previous[field] === message) return previous;
        const next = { ...previous };
        if (message) next[field] = message;
        else delete next[field];
        return next;
      });
    },
    [getValidator],
  );

  const register = (field: Field): FieldProps => ({
    name: field,
    value: values[field] ?? '',
    onChange: (event) => {
      const next = { ...latest.current, [field]: event.target.value };
      latest.current = next;
      setValues(next);
      if (submitted.current) void recheck(field, next);
    },
    onBlur: () => setTouched((previous) => (previous[field] ? previous : { ...previous, [field]: true })),
    ref: (element) => {
      if (element) elements.current.set(field, element);
      else elements.current.delete(field);
    },
  });

  /** Check every field, then call `onValid` with the parsed values, or show the errors. */
  const handleSubmit = (onValid: (values: V) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const result = (await getValidator())(latest.current);
    if (!result.ok) {
      focusRequest.current = result.errors;
      setErrors({ ...result.errors });
      return;
    }
    setErrors({});
    await onValid(result.values);
  };

  /** Server messages under their fields (a 422); the first field in error gets the focus. */
  const setServerErrors = (serverErrors: FieldErrors<V>) => {
    focusRequest.current = serverErrors;
    setErrors((previous) => ({ ...previous, ...serverErrors }));
  };

  return { values, errors, touched, register, handleSubmit, setServerErrors };
}
