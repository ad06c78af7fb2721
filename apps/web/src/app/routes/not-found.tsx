import { NotFoundContent } from '../../components/layouts/not-found-content';

/** /info/404 and every unknown path. */
export default function NotFoundPage() {
  return <NotFoundContent />;
}
