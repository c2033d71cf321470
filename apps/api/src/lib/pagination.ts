import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@paydesk/domain/constants';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Query parameters of every list endpoint, bounded so no client can ask for everything at once. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1, { error: 'Must be at least 1' }).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, { error: 'Must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `Must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
});

export type PageRequest = z.output<typeof paginationQuery>;

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export function pageBounds({ page, page_size }: PageRequest): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/** Builds the DRF page body; next/previous keep the request's other query parameters. */
export function toPage<T>(
  request: FastifyRequest,
  { page, page_size }: PageRequest,
  count: number,
  results: T[],
): Page<T> {
  const linkTo = (target: number) => {
    const url = new URL(request.url, 'http://paydesk.local');
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(page_size));
    return `${url.pathname}${url.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / page_size));
  return {
    count,
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
    results,
  };
}
