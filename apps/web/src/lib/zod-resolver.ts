import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver for a zod schema, as `zodResolver` of @hookform/resolvers answers it
 * for the app's forms, without that package (docs/decisions/0017-bundle-back-to-350.md): the parsed
 * values, or the first issue of each field (`message`, `type` = the issue's code, `ref` = the field),
 * nested by path. The first issue of a union stands for the union.
 */
export function zodResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat = new Map<string, FieldError>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      const first = issue.code === 'invalid_union' ? (issue.errors[0]?.[0] ?? issue) : issue;
      if (!flat.has(path)) flat.set(path, { type: first.code, message: first.message });
    }
    const errors: Record<string, unknown> = {};
    for (const [path, error] of flat) {
      const keys = path.split('.');
      const last = keys.pop() as string;
      let node = errors;
      for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
      const field = (options.fields as Record<string, { ref?: FieldError['ref'] } | undefined>)[path];
      node[last] = { ...error, ref: field?.ref };
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}
