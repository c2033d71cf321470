import { TABLE_DEFAULT_ROWS } from '@paydesk/domain/constants';
import { useState } from 'react';

/** A list's page and rows per page (SPEC §9 default 50); a new page size goes back to page 1. */
export function usePagination() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE_DEFAULT_ROWS);
  return {
    page,
    pageSize,
    setPage,
    /** The props TableFooter takes, besides `total`. */
    footer: {
      page,
      pageSize,
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
    },
  };
}
