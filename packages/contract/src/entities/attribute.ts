import { z } from 'zod';

export const AttributeCategory = z.enum(['identity', 'address', 'employment']);
export type AttributeCategory = z.infer<typeof AttributeCategory>;
export const attributeCategories = AttributeCategory.options;

/**
 * One allowed value of a choice attribute: `value` is what is saved, `label` what it is called in
 * English (docs/product/entities.md#attribute).
 */
export const AttributeOption = z.object({
  value: z.string(),
  label: z.string(),
});
export type AttributeOption = z.infer<typeof AttributeOption>;

/** A dynamic profile field defined per country (docs/product/entities.md#attribute). */
export const Attribute = z.object({
  attribute: z.string(),
  category: AttributeCategory,
  regular_expression: z.string().nullable(),
  mask: z.string().nullable(),
  expression_error_message: z.string().nullable(),
  label: z.string(),
  info_text: z.string().nullable(),
  is_required: z.boolean(),
  value: z.string().nullable(),
  /**
   * Our addition to the specified fields: the only allowed values of a choice attribute (a region,
   * the employment status, the income band), in display order; null for a free-text attribute.
   */
  options: z.array(AttributeOption).nullable(),
});
export type Attribute = z.infer<typeof Attribute>;
