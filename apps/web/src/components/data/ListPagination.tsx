import { Group, Pagination } from '@mantine/core';

type ListPaginationProps = {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  'data-testid'?: string;
};

/** The page picker under a paginated list; nothing when the list fits on one page. */
export function ListPagination({ page, pages, onChange, 'data-testid': testId }: ListPaginationProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" p="md">
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onChange} size="sm" data-testid={testId} />
    </Group>
  );
}
