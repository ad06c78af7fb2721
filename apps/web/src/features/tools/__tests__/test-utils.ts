import { FiltersResponse, Tool, ToolsResponse } from '@outils/contracts';

/** jsdom lacks what Embla, Radix menus and the listing's scroll use: give them harmless stand-ins. */
export function stubBrowserApis() {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  const w = window as unknown as Record<string, unknown>;
  w.ResizeObserver = Observer;
  w.IntersectionObserver = Observer;
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= jest.fn();
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
}

let nextId = 1;

export function makeTool(overrides: Partial<Tool> = {}): Tool {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `outil-${id}`,
    name: `Outil numéro ${id}`,
    description: 'Un outil pratique pour avancer.',
    goal: 'Faire le point',
    people: 'Dirigeants de TPE',
    duration: 2,
    type: { id: 1, name: 'Diagnostic' },
    category: { id: 1, name: 'Sécurité' },
    difficulty: 'Simple',
    createdAt: new Date(Date.now() - 30 * 86400000).toISOString(),
    isFavorite: false,
    images: [],
    isFeatured: false,
    ...overrides,
  };
}

export function listing(tools: Tool[], page = 1, lastPage = 1): ToolsResponse {
  return { tools, page, lastPage, total: tools.length };
}

export const FILTERS: FiltersResponse = {
  categories: [{ id: 1, name: 'Sécurité' }, { id: 3, name: 'Marketing' }],
  types: [{ id: 2, name: 'Checklist' }, { id: 4, name: 'Modèle' }],
  difficulties: [
    { id: 'Simple', name: 'Simple' },
    { id: 'Moyen', name: 'Moyen' },
    { id: 'Complexe', name: 'Complexe' },
  ],
};
