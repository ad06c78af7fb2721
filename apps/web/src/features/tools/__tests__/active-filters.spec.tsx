import { screen } from '@testing-library/react';
import type { FiltersResponse } from '@outils/contracts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ActiveFilters } from '../components/active-filters';
import { ToolFilters } from '../components/tool-filters';

const FILTERS: FiltersResponse = {
  categories: [{ id: 1, name: 'Cybersécurité' }, { id: 2, name: 'Marketing et communication' }],
  types: [{ id: 3, name: 'Checklist' }],
  difficulties: [{ id: 'Simple', name: 'Simple' }, { id: 'Moyen', name: 'Moyen' }, { id: 'Complexe', name: 'Complexe' }],
};

describe('chips and total above the results (docs/product/rules.md#R607)', () => {
  it('shows the total in French and removes one filter or the search per chip', async () => {
    const onChange = jest.fn();
    const onClearSearch = jest.fn();
    const selection = { categories: [1], types: [], difficulties: ['Moyen'] };
    const { user } = renderWithProviders(
      <ActiveFilters filters={FILTERS} selection={selection} q="cyber" total={14} onChange={onChange} onClearSearch={onClearSearch} resetTo="/toolspage" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('14 outils pour « cyber »');
    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Sujet : Cybersécurité' }));
    expect(onChange).toHaveBeenCalledWith({ categories: [], types: [], difficulties: ['Moyen'] });
    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Difficulté : Moyen' }));
    expect(onChange).toHaveBeenLastCalledWith({ categories: [1], types: [], difficulties: [] });
    await user.click(screen.getByRole('button', { name: 'Retirer la recherche « cyber »' }));
    expect(onClearSearch).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Tout effacer' })).toHaveAttribute('href', '/toolspage');
  });

  it('says « 1 outil » and shows no chip without filters', () => {
    renderWithProviders(
      <ActiveFilters filters={FILTERS} selection={{ categories: [], types: [], difficulties: [] }} q="" total={1} onChange={jest.fn()} onClearSearch={jest.fn()} resetTo="/toolspage" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^1 outil$/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('filter counts (docs/product/rules.md#R606)', () => {
  it('shows each option with its count, an option with none disabled but still listed', async () => {
    const onChange = jest.fn();
    const { user } = renderWithProviders(
      <ToolFilters
        title="Explorer les outils"
        filters={FILTERS}
        selection={{ categories: [], types: [], difficulties: ['Complexe'] }}
        onChange={onChange}
        resetTo="/toolspage"
        facets={{ categories: [{ id: 1, count: 6 }], types: [{ id: 3, count: 2 }], difficulties: [{ id: 'Simple', count: 4 }], accessible: 0 }}
      />,
    );
    const cyber = screen.getAllByRole('checkbox', { name: 'Cybersécurité (6)' })[0];
    expect(cyber).toBeEnabled();
    const marketing = screen.getAllByRole('checkbox', { name: 'Marketing et communication (0)' })[0];
    expect(marketing).toBeDisabled();
    // A ticked option stays usable even at zero, so it can be unticked.
    expect(screen.getAllByRole('checkbox', { name: 'Complexe (0)' })[0]).toBeEnabled();
    await user.click(cyber);
    expect(onChange).toHaveBeenCalledWith({ categories: [1], types: [], difficulties: ['Complexe'] });
  });
});

describe('« Documents accessibles » (docs/product/rules.md#R950)', () => {
  it('offers the filter with its count, ticks it, and shows it as a chip that removes it', async () => {
    const onChange = jest.fn();
    const selection = { categories: [], types: [], difficulties: [] };
    const facets = { categories: [], types: [], difficulties: [], accessible: 5 };
    const { user } = renderWithProviders(
      <ToolFilters title="Explorer les outils" filters={FILTERS} selection={selection} onChange={onChange} resetTo="/toolspage" facets={facets} />,
    );
    const box = screen.getAllByRole('checkbox', { name: 'Documents accessibles (5)' })[0];
    expect(box).toBeEnabled();
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(onChange).toHaveBeenCalledWith({ ...selection, accessibleOnly: true });
  });

  it('disables it when no document of the selection is accessible, unless ticked', () => {
    const facets = { categories: [], types: [], difficulties: [], accessible: 0 };
    const { unmount } = renderWithProviders(
      <ToolFilters title="Explorer les outils" filters={FILTERS} selection={{ categories: [], types: [], difficulties: [] }} onChange={jest.fn()} resetTo="/toolspage" facets={facets} />,
    );
    expect(screen.getAllByRole('checkbox', { name: 'Documents accessibles (0)' })[0]).toBeDisabled();
    unmount();
    renderWithProviders(
      <ToolFilters title="Explorer les outils" filters={FILTERS} selection={{ categories: [], types: [], difficulties: [], accessibleOnly: true }} onChange={jest.fn()} resetTo="/toolspage" facets={facets} />,
    );
    expect(screen.getAllByRole('checkbox', { name: 'Documents accessibles (0)' })[0]).toBeEnabled();
  });

  it('shows the active filter as a chip', async () => {
    const onChange = jest.fn();
    const selection = { categories: [], types: [], difficulties: [], accessibleOnly: true };
    const { user } = renderWithProviders(
      <ActiveFilters filters={FILTERS} selection={selection} q="" total={2} onChange={onChange} onClearSearch={jest.fn()} resetTo="/toolspage" />,
    );
    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Document : Documents accessibles' }));
    expect(onChange).toHaveBeenCalledWith({ ...selection, accessibleOnly: false });
  });
});
