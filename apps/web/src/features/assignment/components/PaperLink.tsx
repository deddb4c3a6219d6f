import { Anchor, type MantineSize } from '@mantine/core';
import { Link } from 'react-router';
import { USER_DIR } from '../../../components/data/UserText.tsx';

/** A paper's title linking to its page, on two lines at most, in the title's own direction. */
export function PaperLink({
  to,
  title,
  size = 'sm',
  testId,
}: {
  to: string;
  title: string;
  size?: MantineSize;
  testId?: string;
}) {
  return (
    <Anchor component={Link} to={to} size={size} lineClamp={2} data-testid={testId} {...USER_DIR}>
      {title}
    </Anchor>
  );
}
