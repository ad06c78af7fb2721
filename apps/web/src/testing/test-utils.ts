import { configure } from '@testing-library/react';
import { FiltersResponse, Tool, ToolsResponse } from '@outils/contracts';

/** Lazy route chunks are compiled on first use: give the first screen of a file more time. */
export function allowSlowLazyRoutes() {
  configure({ asyncUtilTimeout: 5000 });
}

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
  // React 19 reads `new FormData(form)` when a submit handler starts a transition (a router
  // navigation); the test environment's FormData (Node's) does not accept jsdom forms.
  const NodeFormData = globalThis.FormData;
  if (!(NodeFormData as unknown as { jsdomForms?: boolean }).jsdomForms) {
    class FormDataFromForms extends NodeFormData {
      static jsdomForms = true;
      constructor(form?: HTMLFormElement) {
        super();
        if (form?.elements) {
          for (const el of Array.from(form.elements) as HTMLInputElement[]) if (el.name) this.append(el.name, el.value);
        }
      }
    }
    globalThis.FormData = FormDataFromForms as unknown as typeof FormData;
  }
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
    publishedAt: new Date(Date.now() - 30 * 86400000).toISOString(),
    isFavorite: false,
    images: [],
    isFeatured: false,
    download: { format: 'pdf', size: 1_258_291, pages: 12, updatedAt: null },
    preview: null,
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
