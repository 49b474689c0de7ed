import { z } from 'zod';

/** Timestamps travel as ISO-8601 strings in UTC. */
export const Timestamp = z.iso.datetime({ offset: true });
export const NullableTimestamp = Timestamp.nullable();

/** Ids are opaque strings on the wire (UUIDs for customer-owned rows). */
export const Id = z.string().min(1);
