import type { paginationQuery, Page } from '@paydesk/domain/api/pagination';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SerializedJson } from './endpoint-routes';

export type PageRequest = z.output<typeof paginationQuery>;

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
  return { count, ...pageLinks(request, { page, page_size }, count), results };
}

/** The DRF page body around results PostgreSQL wrote as a JSON array text (`jsonPageColumns`), sent unparsed. */
export function toJsonPage<T>(
  request: FastifyRequest,
  { page, page_size }: PageRequest,
  count: number,
  resultsJson: string,
): SerializedJson<Page<T>> {
  const { next, previous } = pageLinks(request, { page, page_size }, count);
  const head = `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)}`;
  return new SerializedJson(`${head},"results":${resultsJson}}`);
}

function pageLinks(
  request: FastifyRequest,
  { page, page_size }: PageRequest,
  count: number,
): { next: string | null; previous: string | null } {
  const linkTo = (target: number) => {
    const url = new URL(request.url, 'http://paydesk.local');
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(page_size));
    return `${url.pathname}${url.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / page_size));
  return {
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
  };
}
