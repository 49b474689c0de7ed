import { z } from 'zod';

export const Country = z.object({
  id: z.number().int(),
  iso2_alpha: z.string().length(2),
  iso3_alpha: z.string().length(3),
  iso_numeric: z.string(),
  fips_code: z.string().nullable(),
  slug: z.string(),
  calling_code: z.string().nullable(),
  common_name: z.string(),
  official_name: z.string(),
  endonym: z.string().nullable(),
  demonym: z.string().nullable(),
});
export type Country = z.infer<typeof Country>;
