import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ListPaginationProps = {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  'data-testid'?: string;
};

/**
 * The page picker under a paginated list; nothing when the list fits on one page. Its arrows are icons, so each
 * carries its name (previous, next…) for screen readers.
 */
export function ListPagination({ page, pages, onChange, 'data-testid': testId }: ListPaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Group justify="center" p="md" component="nav" aria-label={t('common.pagination.label')}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
        data-testid={testId}
      />
    </Group>
  );
}
