import { useParams } from 'react-router';
import { FinalVersionScreen } from '../features/final-versions/components/FinalVersionScreen.tsx';

/** /submissions/:submissionId/final-version: the final version (camera-ready) of an accepted paper. */
export function Component() {
  const { submissionId = '' } = useParams();
  return <FinalVersionScreen key={submissionId} submissionId={submissionId} />;
}
