import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/feedback/notify.tsx';
import { type DownloadProgress, downloadSubmissionFile } from '../download.ts';
import { useSubmissionText } from '../use-submission-text.ts';

/**
 * Downloads a submission's paper with progress and its notices: started (info), success, or 'Failed to download file'
 * with the server's error (default downloadError); each hides after 5000 ms.
 */
export function useSubmissionDownload() {
  const { t } = useTranslation();
  const { errorText } = useSubmissionText();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [isDownloading, setDownloading] = useState(false);

  const download = useCallback(
    async (submission: { public_id: string; title: string; file?: string | null }) => {
      if (isDownloading) return;
      setDownloading(true);
      setProgress({ loaded: 0, total: null, percent: null });
      notify('info', t('submissions.download.started'));
      try {
        const { fileName } = await downloadSubmissionFile(submission, { onProgress: setProgress });
        notify('success', t('submissions.download.success', { fileName }));
      } catch (error) {
        notify('error', errorText(error) ?? t('submissions.download.defaultError'), t('submissions.download.failed'));
      } finally {
        setDownloading(false);
        setProgress(null);
      }
    },
    [errorText, isDownloading, t],
  );

  return { download, progress, isDownloading };
}
