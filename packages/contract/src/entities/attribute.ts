import { z } from 'zod';

export const AttributeCategory = z.enum(['identity', 'address', 'employment']);
export type AttributeCategory = z.infer<typeof AttributeCategory>;
export const attributeCategories = AttributeCategory.options;

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
});
export type Attribute = z.infer<typeof Attribute>;
