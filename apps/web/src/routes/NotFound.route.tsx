import { NotFoundView } from '../components/feedback/NotFoundView.tsx';
import { PublicHeader } from '../components/layout/PublicHeader.tsx';

/** Any address that matches no route. */
export function Component() {
  return (
    <>
      <PublicHeader />
      <main>
        <NotFoundView />
      </main>
    </>
  );
}
