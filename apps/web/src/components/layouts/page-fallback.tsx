import { Spinner } from '../ui/spinner';

/** Shown while the first page's code loads (the router's hydrate fallback). */
export function PageFallback() {
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spinner />
    </div>
  );
}
