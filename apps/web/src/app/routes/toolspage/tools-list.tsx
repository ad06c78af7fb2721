import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Difficulty, WebRoutes } from '@outils/contracts';
import { MessageBox } from '../../../components/ui/message-box';
import { LaterPart } from '../../../components/layouts/later-part';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { ToolCardActions } from '../../components/tool-card-actions';
import { KitsSection } from '../../../features/folders/components/kits-section';
import { useFiltersQuery, useToolsQuery, useToolSuggestionsQuery } from '../../../features/tools/api/tools.api';
import { ActiveFilters } from '../../../features/tools/components/active-filters';
import { Highlighted, SearchBox } from '../../../features/tools/components/search-box';
import { SortSelect } from '../../../features/tools/components/sort-select';
import { ToolCard } from '../../../features/tools/components/tool-card';
import { useSearchCounting } from '../../../features/searches/hooks/use-search-counting';
import { FilterSelection, ToolFilters } from '../../../features/tools/components/tool-filters';
import { ToolRows } from '../../../features/tools/components/tool-rows';
import { SearchTexts } from '../../../features/tools/texts';
import { hasActiveFilters, listingSections, readListingUrl, writeListingUrl } from '../../../features/tools/utils/tools-query';
import { takenOverEntry } from '../../take-over';
import styles from './toolspage.module.css';

/** A listing answer younger than this is shown as it is when the page opens. */
const LISTING_FRESH_SECONDS = 5;
/** The cards a phone shows in its first screen, live with the page (docs/product/rules.md#R894). */
const FIRST_SCREEN_CARDS = 2;

/**
 * /toolspage and /toolspage/favorites: one listing screen with a favourites-only switch (docs/product/rules.md#R79).
 * Filters, search and page live in the URL; changing a filter or the search goes back to page 1;
 * the view scrolls to the top after each update — not when the visitor comes back from a sheet,
 * where the router puts the page back where it was (docs/product/rules.md#R200).
 */
export default function ToolsListPage() {
  const { pathname, search: query, key } = useLocation();
  const onlyFavorites = pathname.replace(/\/$/, '') === WebRoutes.favorites;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListingUrl(params), [params]);
  const navigate = useNavigate();

  const filters = useFiltersQuery();
  const sections = listingSections(state, onlyFavorites);
  const showKits = sections.kits;
  // Asked again on every visit, unless the page was just rendered with it (on the web server, docs/product/rules.md#R830):
  // the page a visit opens on keeps the listing it came with, even when a loaded phone took more than
  // 5 s to take it over (docs/product/rules.md#R861).
  const listing = useToolsQuery({ ...state, onlyFavorites }, { refetchOnMountOrArgChange: takenOverEntry(key) ? false : LISTING_FRESH_SECONDS });
  // The previous page stays visible (dimmed) while the next one loads.
  const loaded = listing.isError ? undefined : listing.data;
  // docs/product/rules.md#R731: in 'Mes Favoris', a star taken off takes its card and the count with it at once.
  const [unstarred, setUnstarred] = useState<ReadonlySet<number>>(() => new Set());
  const data = useMemo(() => {
    if (!loaded || !onlyFavorites) return loaded;
    const tools = loaded.tools.filter((tool) => !unstarred.has(tool.id));
    const gone = loaded.tools.length - tools.length;
    return gone === 0 ? loaded : { ...loaded, tools, total: Math.max(0, loaded.total - gone) };
  }, [loaded, onlyFavorites, unstarred]);
  const resultsRef = useRef<HTMLElement>(null);
  // docs/product/rules.md#R970: the search and its results counted, never who searched.
  const onResultClick = useSearchCounting(onlyFavorites ? undefined : state.q, listing.isFetching ? undefined : listing.currentData?.total);
  const onFavouriteToggled = (toolId: number, wasFavorite: boolean, done: Promise<unknown>) => {
    if (!onlyFavorites || !wasFavorite) return;
    setUnstarred((set) => new Set(set).add(toolId));
    // The pressed star leaves with its card: the focus goes to the results, whose count has changed.
    resultsRef.current?.focus({ preventScroll: true });
    // Once the server took it off, the page asks again: the side menu's counts follow and the next
    // favourite moves up into the place.
    void done.then(() => listing.refetch());
  };

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
    update({ categories: selection.categories, types: selection.types, difficulties: selection.difficulties as Difficulty[], accessibleOnly: selection.accessibleOnly === true });

  // docs/product/rules.md#R603: no result for a search: the closest tools and topics.
  const closest = useToolSuggestionsQuery(state.q, { skip: !data || !sections.suggestions(data.tools.length) }).data;
  const showRows = sections.rows;

  const title = onlyFavorites ? 'Mes Favoris' : 'Tous les outils';
  const serverMessage = listing.error && 'message' in listing.error ? listing.error.message : undefined;

  return (
    <div className={styles.page}>
      <a href="#resultats" className={styles.skip}>Aller aux résultats</a>
      <title>{onlyFavorites ? 'Mes Favoris — Outils' : 'Explorez les outils pour digitaliser votre activité vous-même'}</title>
      <meta name="description" content="Diagnostics, checklists, modèles, kits et infographies gratuits : filtrez par sujet, type et difficulté et téléchargez les outils pour digitaliser votre activité vous-même." />
      <header className={styles.intro}>
        {/* docs/product/rules.md#R721: a short band, so that the first tools show in the first screen. */}
        <div className={`${styles.introInner} ${styles.introRow}`}>
          <div className={styles.introText}>
            <h1>{title}</h1>
            <p>
              {onlyFavorites
                ? 'Retrouvez les outils que vous avez mis de côté.'
                : 'Explorez nos outils gratuits pour digitaliser votre activité vous-même.'}
            </p>
          </div>
          <SearchBox
            value={state.q}
            onSearch={(q) => update({ q })}
            onTopic={(topic) => update({ q: '', categories: [topic.id] })}
            onTool={(tool) => navigate(WebRoutes.toolBySlug(tool.slug))}
          />
        </div>
      </header>

      {/*
        docs/product/rules.md#R721: the side menu and the results come first; the rows and the kits
        after the results in the page's order (beside them, under the menu, on a wide screen), so
        that nothing arriving late pushes the tools down (#R724).
      */}
      <div className={styles.layout}>
        <div className={styles.filters}>
          <ToolFilters
            title={onlyFavorites ? 'Mes outils favoris' : 'Explorer les outils'}
            filters={filters.data}
            selection={state}
            onChange={onFilters}
            resetTo={pathname}
            resultCount={data ? (data.total ?? data.tools.length) : undefined}
            facets={data?.facets}
          />
        </div>

        <section
          id="resultats"
          ref={resultsRef}
          tabIndex={-1}
          className={listing.isFetching && data ? `${styles.results} ${styles.loading}` : styles.results}
          aria-labelledby="resultats-titre"
          aria-busy={listing.isFetching}
          onClickCapture={onResultClick}
        >
          <h2 id="resultats-titre" className="visually-hidden">Résultats</h2>
          {serverMessage ? <MessageBox tone="error">{serverMessage}</MessageBox> : null}
          <div className={styles.toolbar}>
            <ActiveFilters
              filters={filters.data}
              selection={state}
              q={state.q}
              total={data ? (data.total ?? data.tools.length) : undefined}
              onChange={onFilters}
              onClearSearch={() => update({ q: '' })}
              resetTo={pathname}
            />
            <SortSelect value={state.sort} searching={!!state.q} onChange={(sort) => update({ sort })} />
          </div>

          {!data && listing.isFetching ? <Spinner label="Chargement des outils…" /> : null}

          {data && data.tools.length === 0 ? (
            <div className={styles.empty}>
              <img src="/images/mascotte.svg" alt="" width={120} height={120} />
              <h2>{SearchTexts.noResultTitle}</h2>
              <p>
                {onlyFavorites && !hasActiveFilters(state)
                  ? 'Vous n’avez pas encore de favori. Cliquez sur l’étoile d’un outil pour le retrouver ici.'
                  : SearchTexts.noResultHint}
              </p>
              {closest && closest.tools.length + closest.topics.length > 0 ? (
                <div className={styles.closest}>
                  <h3>{SearchTexts.closestTitle}</h3>
                  <ul>
                    {closest.topics.map((topic) => (
                      <li key={`sujet-${topic.id}`}>
                        <Link to={`${pathname}?categories=${topic.id}`}>
                          <Highlighted text={topic.name} ranges={topic.highlights} />
                        </Link>{' '}
                        ({SearchTexts.topicHint})
                      </li>
                    ))}
                    {closest.tools.map((tool) => (
                      <li key={`outil-${tool.id}`}>
                        <Link to={WebRoutes.toolBySlug(tool.slug)}>
                          <Highlighted text={tool.name} ranges={tool.highlights} />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {hasActiveFilters(state) ? <p><Link to={pathname}>{SearchTexts.reset}</Link></p> : null}
            </div>
          ) : null}

          {data && data.tools.length > 0 ? (
            <ul className={styles.grid}>
              {data.tools.map((tool, i) => {
                const card = (
                  <ToolCard
                    tool={tool}
                    priority={i < 2}
                    listing={onlyFavorites ? undefined : `${pathname}${query}`}
                    actions={<ToolCardActions tool={tool} onFavouriteToggled={onFavouriteToggled} />}
                  />
                );
                // The first screen's cards are live with the page; the next ones once near or at the first gesture (docs/product/rules.md#R894).
                return i < FIRST_SCREEN_CARDS ? (
                  <li key={tool.id}>{card}</li>
                ) : (
                  <LaterPart key={tool.id} as="li" name={`carte-${tool.id}`}>
                    {card}
                  </LaterPart>
                );
              })}
            </ul>
          ) : null}

          {data && data.lastPage > 1 ? (
            <Pagination page={data.page} lastPage={data.lastPage} onChange={(page) => setParams(writeListingUrl({ ...state, page }))} />
          ) : null}
        </section>

        {showKits ? (
          <LaterPart name="explorer-suite">
            <div className={styles.extras}>
              {showRows ? <ToolRows /> : null}
              <KitsSection />
            </div>
          </LaterPart>
        ) : null}
      </div>
    </div>
  );
}
