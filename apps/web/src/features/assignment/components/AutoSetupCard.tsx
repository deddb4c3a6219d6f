import type { AssignmentMode } from '@confero/contracts';
import { Anchor, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Play, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { isAssignmentMode } from '../auto-display.ts';

type AutoSetupCardProps = {
  /** People per paper: reviewers_per_paper of the review settings (absent when not sent), or 1 area chair. */
  perPaper: number | undefined;
  /** Where the review settings are changed (the event's page). */
  settingsHref: string;
  mode: AssignmentMode;
  onModeChange: (mode: AssignmentMode) => void;
  onCompute: () => void;
  /** A preview is on screen: the button computes a new one instead. */
  hasPreview: boolean;
  computing: boolean;
  /** A preview is being computed: no second one until it finishes or is discarded. */
  disabled: boolean;
};

/**
 * How the automatic assignment will run: the event's reviewers per paper and the limits it respects, the choice
 * between keeping every existing assignment and replacing the automatic ones nobody started, and the button that
 * computes a preview (nothing is assigned yet).
 */
export function AutoSetupCard({
  perPaper,
  settingsHref,
  mode,
  onModeChange,
  onCompute,
  hasPreview,
  computing,
  disabled,
}: AutoSetupCardProps) {
  const { t, i18n, role } = useAssignmentTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="auto-setup">
      <Stack gap="md">
        <Title order={2} fz="md">
          {t('autoAssignment.setup.title')}
        </Title>
        <Stack gap={4}>
          {perPaper !== undefined ? (
            <Text size="sm" fw={500} data-testid="auto-per-paper" data-value={perPaper}>
              {t('autoAssignment.setup.perPaper', {
                count: perPaper,
                formatted: new Intl.NumberFormat(i18n.language).format(perPaper),
              })}
              {role === 'reviewer' ? (
                <>
                  {' '}
                  <Anchor component={Link} to={settingsHref} size="sm">
                    {t('autoAssignment.setup.changeSettings')}
                  </Anchor>
                </>
              ) : null}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('autoAssignment.setup.rules')}
          </Text>
        </Stack>
        <Radio.Group
          value={mode}
          onChange={(value) => {
            if (isAssignmentMode(value)) onModeChange(value);
          }}
          label={t('autoAssignment.setup.modeLabel')}
          data-testid="auto-mode"
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="keep_existing"
              label={t('autoAssignment.setup.modeKeep')}
              description={t('autoAssignment.setup.modeKeepHint')}
              disabled={disabled || computing}
              data-testid="auto-mode-keep_existing"
            />
            <Radio
              value="replace"
              label={t('autoAssignment.setup.modeReplace')}
              description={t('autoAssignment.setup.modeReplaceHint')}
              disabled={disabled || computing}
              data-testid="auto-mode-replace"
            />
          </Stack>
        </Radio.Group>
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            {t('autoAssignment.setup.nothingYet')}
          </Text>
          <Button
            onClick={onCompute}
            loading={computing}
            disabled={disabled}
            variant={hasPreview ? 'default' : 'filled'}
            leftSection={hasPreview ? <RefreshCw size={16} /> : <Play size={16} className="mirror-rtl" />}
            data-testid="auto-compute"
          >
            {hasPreview ? t('autoAssignment.setup.recompute') : t('autoAssignment.setup.compute')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
