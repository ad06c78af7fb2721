import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}

/** Page numbers around the current one, with the ends: 1 … 4 5 6 … 12. */
export function pageWindow(page: number, lastPage: number): (number | 'gap')[] {
  const pages = new Set([1, lastPage, page - 1, page, page + 1].filter((p) => p >= 1 && p <= lastPage));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

/**
 * 'Précédent' / page numbers / 'Suivant' (docs/product/rules.md#R83); the ends are disabled on the first and last
 * page. On a phone the numbers give way to « Page 2 sur 3 ».
 */
export function Pagination({ page, lastPage, onChange }: PaginationProps) {
  const last = Math.max(1, lastPage);
  return (
    <nav className={styles.nav} aria-label="Pagination">
      <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <span aria-hidden="true">‹</span> Précédent
      </button>
      <p className={styles.summary}>
        Page {page} sur {last}
      </p>
      <ol className={styles.pages}>
        {pageWindow(page, last).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">…</li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={p === page ? `${styles.page} ${styles.current}` : styles.page}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}${p === page ? ` sur ${last}` : ''}`}
                onClick={() => p !== page && onChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className={styles.step} disabled={page >= last} onClick={() => onChange(page + 1)}>
        Suivant <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
