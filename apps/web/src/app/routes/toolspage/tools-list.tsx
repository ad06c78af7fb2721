import { FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Difficulty, WebRoutes } from '@outils/contracts';
import { SearchIcon } from '../../../components/ui/icons';
import { MessageBox } from '../../../components/ui/message-box';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { ToolCardActions } from '../../components/tool-card-actions';
import { useKitsQuery } from '../../../features/folders/api/folders.api';
import { KitsSection } from '../../../features/folders/components/kits-section';
import { useFiltersQuery, useToolsQuery } from '../../../features/tools/api/tools.api';
import { ToolCard } from '../../../features/tools/components/tool-card';
import { FilterSelection, ToolFilters } from '../../../features/tools/components/tool-filters';
import { formatToolCount } from '../../../features/tools/utils/format';
import { hasActiveFilters, readListingUrl, writeListingUrl } from '../../../features/tools/utils/tools-query';
import styles from './toolspage.module.css';

/**
 * /toolspage and /toolspage/favorites: one listing screen with a favourites-only switch (docs/product/rules.md#R79).
 * Filters, search and page live in the URL; changing a filter or the search goes back to page 1;
 * the view scrolls to the top after each update — not when the visitor comes back from a sheet,
 * where the router puts the page back where it was (docs/product/rules.md#R200).
 */
export default function ToolsListPage() {
  const { pathname, search: query } = useLocation();
  const onlyFavorites = pathname.replace(/\/$/, '') === WebRoutes.favorites;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListingUrl(params), [params]);
  const [search, setSearch] = useState(state.q);
  useEffect(() => setSearch(state.q), [state.q]);

  const filters = useFiltersQuery();
  const showKits = !onlyFavorites && !hasActiveFilters(state);
  const kitsPending = useKitsQuery(undefined, { skip: !showKits }).isLoading;
  const listing = useToolsQuery({ ...state, onlyFavorites }, { refetchOnMountOrArgChange: true });
  // The previous page stays visible (dimmed) while the next one loads.
  const data = listing.isError ? undefined : listing.data;

  const queryKey = `${pathname}?${params.toString()}`;
  const shownKey = useRef(queryKey);
  useEffect(() => {
    if (listing.isFetching || shownKey.current === queryKey) return;
    shownKey.current = queryKey;
    window.scrollTo({ top: 0 });
  }, [listing.isFetching, queryKey]);

  useEffect(() => {
    if (listing.error) console.warn('Chargement des outils impossible', listing.error);
  }, [listing.error]);

  const update = (next: Partial<typeof state>) => setParams(writeListingUrl({ ...state, page: 1, ...next }));

  const onFilters = (selection: FilterSelection) =>
    update({ categories: selection.categories, types: selection.types, difficulties: selection.difficulties as Difficulty[] });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() });
  };

  const title = onlyFavorites ? 'Mes Favoris' : 'Tous les outils';
  const serverMessage = listing.error && 'message' in listing.error ? listing.error.message : undefined;

  return (
    <div className={styles.page}>
      <a href="#resultats" className={styles.skip}>Aller aux résultats</a>
      <title>{onlyFavorites ? 'Mes Favoris — Outils' : 'Explorez les outils pour digitaliser votre activité vous-même'}</title>
      <meta name="description" content="Diagnostics, checklists, modèles, kits et infographies gratuits : filtrez par sujet, type et difficulté et téléchargez les outils pour digitaliser votre activité vous-même." />
      <header className={styles.intro}>
        <div className={styles.introInner}>
          <h1>{title}</h1>
          <p>
            {onlyFavorites
              ? 'Retrouvez les outils que vous avez mis de côté.'
              : 'Explorez nos outils gratuits pour digitaliser votre activité vous-même.'}
          </p>
          <form role="search" className={styles.search} onSubmit={onSearch}>
            <label htmlFor="recherche-outils" className="visually-hidden">Rechercher un outil</label>
            <SearchIcon className={styles.searchIcon} />
            <input
              id="recherche-outils"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Rechercher un outil (ex. : sécurité, devis, RGPD…)"
              maxLength={100}
            />
            <button type="submit">Rechercher</button>
          </form>
        </div>
      </header>

      {/* docs/product/rules.md#R541: the kits above the listing, before the skip link's target. */}
      {showKits ? <div className={styles.introInner}><KitsSection /></div> : null}

      {/* docs/product/rules.md#R420: the kits may appear above; the listing shows once they are known, so it never jumps down. */}
      <div className={styles.layout} style={kitsPending ? { visibility: 'hidden' } : undefined}>
        <ToolFilters
          title={onlyFavorites ? 'Mes outils favoris' : 'Explorer les outils'}
          filters={filters.data}
          selection={state}
          onChange={onFilters}
          resetTo={pathname}
          resultCount={data ? (data.total ?? data.tools.length) : undefined}
        />

        <section
          id="resultats"
          tabIndex={-1}
          className={listing.isFetching && data ? `${styles.results} ${styles.loading}` : styles.results}
          aria-labelledby="resultats-titre"
          aria-busy={listing.isFetching}
        >
          <h2 id="resultats-titre" className="visually-hidden">Résultats</h2>
          {serverMessage ? <MessageBox tone="error">{serverMessage}</MessageBox> : null}
          {data ? (
            <p className={styles.count} role="status">
              {formatToolCount(data.total ?? data.tools.length)}
              {state.q ? <> pour « {state.q} »</> : null}
            </p>
          ) : null}

          {!data && listing.isFetching ? <Spinner label="Chargement des outils…" /> : null}

          {data && data.tools.length === 0 ? (
            <div className={styles.empty}>
              <img src="/images/mascotte.svg" alt="" width={120} height={120} />
              <h2>Aucun résultat</h2>
              <p>
                {onlyFavorites && !hasActiveFilters(state)
                  ? 'Vous n’avez pas encore de favori. Cliquez sur l’étoile d’un outil pour le retrouver ici.'
                  : 'Essayez d’autres filtres ou une autre recherche.'}
              </p>
            </div>
          ) : null}

          {data && data.tools.length > 0 ? (
            <ul className={styles.grid}>
              {data.tools.map((tool, i) => (
                <li key={tool.id}>
                  <ToolCard
                    tool={tool}
                    priority={i < 2}
                    listing={onlyFavorites ? undefined : `${pathname}${query}`}
                    actions={<ToolCardActions tool={tool} />}
                  />
                </li>
              ))}
            </ul>
          ) : null}

          {data && data.lastPage > 1 ? (
            <Pagination page={data.page} lastPage={data.lastPage} onChange={(page) => setParams(writeListingUrl({ ...state, page }))} />
          ) : null}
        </section>
      </div>
    </div>
  );
}
