import { z } from 'zod';

export const UpdateCountryRequest = z.object({ country_id: z.number().int() });
export type UpdateCountryRequest = z.infer<typeof UpdateCountryRequest>;

/**
 * Changing a number the account already has needs a recent step-up (403 `step_up_required` without:
 * docs/product/auth-and-sessions.md#step-up); setting the first number never does.
 */
export const UpdateMobileNumberRequest = z.object({
  mobile_number_country_id: z.number().int(),
  mobile_number: z.string(),
});
export type UpdateMobileNumberRequest = z.infer<typeof UpdateMobileNumberRequest>;

/**
 * Attribute values of one category. Keys containing a dot become nested objects, so
 * `{"address.city": "Leeds"}` travels as `{"address": {"city": "Leeds"}}` (docs/product/onboarding.md#dot-keys).
 */
export type AttributeValues = { [key: string]: string | AttributeValues };
export const AttributeValues: z.ZodType<AttributeValues> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), AttributeValues])),
);

/**
 * Objects built from request keys have no prototype, so a key named after an `Object.prototype`
 * member (`constructor`, `toString`, `__proto__`) is an ordinary key, never an inherited member
 * (docs/product/system.md#odd-input).
 */
const dictionary = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** Client rule (docs/product/onboarding.md#dot-keys): turn `{"a.b": v}` into `{"a": {"b": v}}`. */
export function nestDotKeys(flat: Record<string, string>): AttributeValues {
  const out = dictionary<string | AttributeValues>();
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        const next = Object.hasOwn(node, part) ? node[part] : undefined;
        if (typeof next !== 'object') node[part] = dictionary<string | AttributeValues>();
        node = node[part] as AttributeValues;
      }
    });
  }
  return out;
}

/** The server's inverse of `nestDotKeys`: nested objects back to dotted attribute keys. */
export function flattenDotKeys(nested: AttributeValues, prefix = ''): Record<string, string> {
  const out = dictionary<string>();
  for (const [key, value] of Object.entries(nested)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenDotKeys(value, path));
  }
  return out;
}

export const TaskCode = z.enum([
  'verify_email',
  'choose_country',
  'identity_information',
  'address_information',
  'employment_information',
  'mobile_number',
  'account_verification',
]);
export type TaskCode = z.infer<typeof TaskCode>;

/**
 * Something the customer still has to do, in order, with the route that does it (by its name in
 * docs/product/screens.md#routes); docs/product/onboarding.md#tasks.
 */
export const Task = z.object({
  code: TaskCode,
  title: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'completed']),
  route: z.string(),
});
export type Task = z.infer<typeof Task>;

export const TasksResponse = z.object({ tasks: z.array(Task) });
export type TasksResponse = z.infer<typeof TasksResponse>;

export const ApplyInfoFromPoiRequest = z.object({
  /** The approved proof-of-identity document to read; the newest approved one when absent. */
  document_id: z.string().optional(),
});
export type ApplyInfoFromPoiRequest = z.infer<typeof ApplyInfoFromPoiRequest>;
