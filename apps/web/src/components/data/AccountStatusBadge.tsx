import type { AccountStatus } from '@confero/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AccountStatus, string> = {
  active: 'teal',
  suspended: 'red',
  inactive: 'gray',
  pending: 'yellow',
};

/** An account status (active, suspended, inactive; pending is tolerated) as a coloured badge. */
export function AccountStatusBadge({ status, ...props }: { status: AccountStatus } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" styles={{ label: { overflow: 'visible' } }} {...props}>
      {t(`accountStatus.${status}`)}
    </Badge>
  );
}
