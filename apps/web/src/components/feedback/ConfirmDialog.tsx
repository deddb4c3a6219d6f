import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** Red confirm button for actions that remove something. */
  danger?: boolean;
  /** The confirm button cannot be pressed yet (what it acts on is not ready, or empty). */
  confirmDisabled?: boolean;
  /** Extra content between the message and the buttons (a reason field). */
  children?: ReactNode;
};

/** A small confirmation dialog with Cancel and a confirm button; closing is blocked while the action runs. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  loading = false,
  danger = false,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered radius="lg">
      <Stack gap="md">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
