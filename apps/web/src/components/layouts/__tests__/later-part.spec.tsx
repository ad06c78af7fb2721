import { act } from 'react';
import { hydrateRoot, Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { LaterPart } from '../later-part';

/** React's own key on the elements it has made live. */
const live = (element: Element | null) => !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));

/** An IntersectionObserver the test moves: `show(element)` brings it near the screen. */
class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  static show(element: Element) {
    for (const observer of FakeObserver.all.filter((o) => o.targets.includes(element))) {
      observer.callback([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}

function Page({ name, onLater, two = false }: { name: string; onLater: () => void; two?: boolean }) {
  return (
    <div>
      <button type="button">En haut</button>
      <LaterPart name={name}>
        <p>Plus bas</p>
        <button type="button" onClick={onLater}>Plus tard</button>
      </LaterPart>
      {two ? (
        <LaterPart name={`${name}-2`}>
          <button type="button">Encore plus bas</button>
        </LaterPart>
      ) : null}
    </div>
  );
}

/** The server's HTML of the page in `#root`, marked as the web server marks it, then taken over. */
async function takeOver(name: string, onLater: () => void, two = false): Promise<{ container: HTMLElement; root: Root }> {
  // The server has no page of its own.
  document.body.replaceChildren();
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute('data-server-rendered', '');
  container.innerHTML = renderToString(<Page name={name} onLater={onLater} two={two} />);
  document.body.replaceChildren(container);
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, <Page name={name} onLater={onLater} two={two} />);
  });
  // The part is watched once the browser is free.
  await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  return { container, root };
}

/** docs/product/rules.md#R894: a part below the first screen becomes live when it comes near, or at the first gesture. */
describe('LaterPart', () => {
  beforeAll(() => {
    (globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    Object.assign(window, { IntersectionObserver: FakeObserver });
  });

  it('keeps the server’s HTML of the part while the page is taken over, and makes it live near the screen', async () => {
    const onLater = jest.fn();
    const { container, root } = await takeOver('pres-de-l-ecran', onLater);
    const later = container.querySelector('[data-plus-tard] button')!;
    const top = container.querySelector('button')!;
    expect(top.textContent).toBe('En haut');
    expect(live(top)).toBe(true);
    // Shown as the server wrote it, not live.
    expect(later.textContent).toBe('Plus tard');
    expect(live(later)).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(live(later)).toBe(false);

    // Near the screen: the same elements become live.
    await act(async () => FakeObserver.show(container.querySelector('[data-plus-tard] p')!));
    expect(container.querySelector('[data-plus-tard] button')).toBe(later);
    expect(live(later)).toBe(true);
    await act(async () => later.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(onLater).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });

  it('makes every waiting part live at the visitor’s first gesture: a click on one counts', async () => {
    const onLater = jest.fn();
    const { container, root } = await takeOver('au-premier-geste', onLater, true);
    const [first, second] = Array.from(container.querySelectorAll('[data-plus-tard] button'));
    expect([live(first), live(second)]).toEqual([false, false]);
    // As a browser sends a click: the button pressed, then the click, in the same task.
    act(() => {
      first.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      first.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(live(first)).toBe(true);
    expect(onLater).toHaveBeenCalledTimes(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(live(second)).toBe(true);
    // The same elements, made live.
    expect(container.querySelectorAll('[data-plus-tard] button')[1]).toBe(second);
    act(() => root.unmount());
  });
});
