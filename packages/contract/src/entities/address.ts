import { z } from 'zod';
import { Timestamp } from '../common/primitives.ts';

export const Address = z.object({
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  region: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Address = z.infer<typeof Address>;
