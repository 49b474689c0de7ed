import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose zod schema is imported on the first validation (a submit):
 * zod stays out of the sign-in page's initial JavaScript.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    resolver ??= load().catch((error: unknown) => {
      resolver = null;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}
