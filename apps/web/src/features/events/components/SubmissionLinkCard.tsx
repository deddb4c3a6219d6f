import { ActionIcon, Code, Group, Text, Tooltip } from '@mantine/core';
import { Check, Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { copyText } from '../clipboard.ts';
import { submissionLink } from '../event-display.ts';

const COPIED_MS = 2000;

/**
 * The chairs' submission link: `{host}/events/{public_id}/submit/` with a copy action that uses the Clipboard API,
 * falls back to a hidden textarea, and says whether it worked.
 */
export function SubmissionLinkCard({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = submissionLink(window.location.origin, publicId);

  const handleCopy = async () => {
    if (await copyText(link)) {
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
      notify('success', t('events.submissionLink.copied'));
    } else {
      notify('error', t('events.submissionLink.copyFailed'));
    }
  };

  return (
    <DetailCard title={t('events.submissionLink.title')} icon={Link2} data-testid="submission-link">
      <Text size="sm" c="dimmed">
        {t('events.submissionLink.text')}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          block
          dir="ltr"
          style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          data-testid="submission-link-url"
        >
          {link}
        </Code>
        <Tooltip label={copied ? t('events.submissionLink.copiedShort') : t('events.submissionLink.copy')}>
          <ActionIcon
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            size="lg"
            onClick={() => void handleCopy()}
            aria-label={t('events.submissionLink.copy')}
          >
            {copied ? <Check size={18} /> : <Copy size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </DetailCard>
  );
}
