import { z } from 'zod';

/** Timestamps travel as ISO-8601 strings in UTC. */
export const Timestamp = z.iso.datetime({ offset: true });
export const NullableTimestamp = Timestamp.nullable();

/** Ids are opaque strings on the wire (UUIDs for customer-owned rows). */
export const Id = z.string().min(1);

/** A path's `:id`, as given (the api checks its form). */
export const IdParams = z.object({ id: z.string() });

/**
 * A list call's paging (docs/product/money-movement.md#wire-names): `cursor` is the `next_cursor` of the
 * page before, `limit` the page size, 1 to 100.
 */
export const CursorPageQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** One page of a list of `item`: `next_cursor` is null on the last page. */
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });
