import { REVISIT_MESSAGE_MAX_LENGTH } from '@confero/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/feedback/notify.tsx';
import { useCommitteeText } from '../../committee/use-committee-text.ts';
import { useRevisitMutation } from '../api.ts';

/**
 * "Ask to revisit" on a review, for the paper's area chair and its committee (`abilities.can_request_revisit`): a
 * dialog with the message the reviewer is mailed (1 to 2000 characters, written in any direction). A review not
 * submitted yet is asked to be completed; the dialog says so.
 */
export function RevisitButton({ reviewId, completed }: { reviewId: string; completed: boolean }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useCommitteeText();
  const revisit = useRevisitMutation(reviewId);
  const [opened, setOpened] = useState(false);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setProblem(null);
  };

  const handleSend = () => {
    if (!message.trim()) {
      setProblem(t('areaChairs.revisit.messageRequired'));
      return;
    }
    revisit.mutate(message.trim(), {
      onSuccess: () => {
        notify('success', t('areaChairs.revisit.sent'));
        setMessage('');
        close();
      },
      onError: (error) => {
        setProblem(fieldError(error, 'message') ?? null);
        notify('error', errorText(error, t('areaChairs.revisit.failed')));
      },
    });
  };

  return (
    <>
      <Button variant="light" leftSection={<MessageSquareReply size={16} />} onClick={() => setOpened(true)}>
        {t('areaChairs.revisit.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('areaChairs.revisit.title')} centered radius="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {completed ? t('areaChairs.revisit.intro') : t('areaChairs.revisit.introIncomplete')}
          </Text>
          <Textarea
            label={t('areaChairs.revisit.message')}
            dir="auto"
            autosize
            minRows={4}
            maxLength={REVISIT_MESSAGE_MAX_LENGTH}
            value={message}
            error={problem}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              setProblem(null);
            }}
            data-testid="revisit-message"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={revisit.isPending}>
              {t('areaChairs.revisit.cancel')}
            </Button>
            <Button onClick={handleSend} loading={revisit.isPending} data-testid="revisit-send">
              {t('areaChairs.revisit.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
