import { EmptyState, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormSkeleton } from '../feedback/FormSkeleton.tsx';
import { LoadFailure } from '../feedback/LoadFailure.tsx';

type EmptyView<T> = {
  when: (data: T) => boolean;
  icon: ReactNode;
  title: string;
  description?: string;
  testId: string;
  /** Buttons under the text (create the first one). */
  actions?: ReactNode;
};

type QueryViewProps<T> = {
  query: UseQueryResult<T>;
  /** What shows while the first answer is awaited; the form skeleton by default. */
  loading?: ReactNode;
  /** The failure panel's heading; LoadFailure's own by default. */
  failureTitle?: string;
  /** What failed, as a translated message, or chosen by the error (an answer of the wrong shape). */
  failure: string | ((error: unknown) => string);
  /** The server's reason for a failure, through the feature's own error texts. */
  failureDetail?: (error: unknown) => string | undefined;
  /** The test id of the failure's panel, where journeys look for it (or chosen by the error). */
  failureTestId?: string | ((error: unknown) => string | undefined);
  /** A way out of a failure, beside Retry. */
  back?: { to: string; label: string };
  /** The failure sits inside a card (a list's paper): it gets the card's padding. */
  inset?: boolean;
  /** Whether the answer counts as empty, and the empty state shown then. */
  empty?: EmptyView<T>;
  children: (data: T) => ReactNode;
};

/**
 * The one loading and error pattern of the screens: a skeleton while the query is pending, `LoadFailure` with the
 * server's reason and Retry when it failed, the empty state when the answer holds nothing, and otherwise what
 * `children` renders from the data.
 */
export function QueryView<T>({
  query,
  loading,
  failureTitle,
  failure,
  failureDetail,
  failureTestId,
  back,
  inset = false,
  empty,
  children,
}: QueryViewProps<T>) {
  if (query.isPending) return <>{loading ?? <FormSkeleton />}</>;
  if (query.isError) {
    const message = typeof failure === 'string' ? failure : failure(query.error);
    const panel = (
      <LoadFailure
        title={failureTitle}
        message={message}
        detail={failureDetail?.(query.error) || undefined}
        back={back}
        onRetry={() => void query.refetch()}
        testId={typeof failureTestId === 'function' ? failureTestId(query.error) : failureTestId}
      />
    );
    return inset ? <Stack p="md">{panel}</Stack> : panel;
  }
  if (empty?.when(query.data)) {
    return (
      <EmptyState
        py="xl"
        icon={empty.icon}
        withIndicatorBackground
        title={empty.title}
        description={empty.description}
        data-testid={empty.testId}
      >
        {empty.actions ? <EmptyState.Actions>{empty.actions}</EmptyState.Actions> : null}
      </EmptyState>
    );
  }
  return <>{children(query.data)}</>;
}
