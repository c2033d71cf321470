import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

/**
 * Query parameters of every list endpoint, bounded so no client can ask for everything at once. Query strings are
 * text, so the server coerces; clients send numbers (`number<number>` types the input, OpenAPI still says integer).
 */
export const paginationQuery = z.object({
  page: z.coerce.number<number>().int().min(1, { error: 'Must be at least 1' }).default(1),
  page_size: z.coerce
    .number<number>()
    .int()
    .min(1, { error: 'Must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `Must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
});

/** The DRF page body of every list endpoint. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/**
 * The `ordering` query parameter of a list (DRF style): one of the list's sort keys, or `-key` for descending.
 * Anything else is refused; the server maps each key to its columns and always breaks ties by id.
 */
export function orderingQuery<const Key extends string>(keys: readonly [Key, ...Key[]], fallback: NoInfer<Key>) {
  type Ordering = Key | `-${Key}`;
  const values = [...keys, ...keys.map((key): Ordering => `-${key}`)] as [Ordering, ...Ordering[]];
  return z.object({
    ordering: z.enum(values).default(fallback as never) as z.ZodDefault<z.ZodEnum<{ [V in Ordering]: V }>>,
  });
}
