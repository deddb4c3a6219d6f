import { NotFoundView } from '../components/feedback/NotFoundView.tsx';
import { PublicHeader } from '../components/layout/PublicHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/SkipLink.tsx';

/** Any address that matches no route. */
export function Component() {
  return (
    <>
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <NotFoundView />
      </main>
    </>
  );
}
