import { ReactNode, Suspense, use } from 'react';
import { SERVER_RENDERED_ATTRIBUTE } from '@outils/contracts';

/**
 * A part of a page that the take-over of the web server's HTML leaves as it is until it is needed
 * (docs/product/rules.md#R894): the server renders it with the rest; while the app takes the page
 * over, React keeps the server's HTML of the part (a Suspense boundary whose child waits) and
 * makes it live only once it comes within 200 px of the visible part of the page, or at the
 * visitor's first touch, click, key or focus anywhere in the page. Until then its links are plain
 * links and nothing of it moves: the server's HTML stays in place, so nothing shifts.
 * A page the app renders itself (a member's, a page reached by a link) renders it at once.
 *
 * The wrapper is a `display: contents` element: it gives the part an element to watch without a box
 * of its own, so the page's layout is the same as without it; `as="li"` makes it the list's item
 * itself (a grid's cell keeps its box).
 */

/** The attribute of a part's wrapper; its value names the part (tests look for it). */
export const LATER_PART_ATTRIBUTE = 'data-plus-tard';
/** How close to the visible part of the page a waiting part becomes live. */
export const LATER_PART_MARGIN = '200px';

const RELEASE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mousedown'] as const;

interface Waiting {
  promise: Promise<void>;
  release: () => void;
  released: boolean;
}

const waiting = new Map<string, Waiting>();
let everything = false;
let listening = false;

function releaseEverything(): void {
  everything = true;
  for (const part of waiting.values()) part.release();
  for (const type of RELEASE_EVENTS) document.removeEventListener(type, releaseEverything, true);
}

/** The visitor's first gesture makes every waiting part live: the one they aim at is then React's again. */
function listenForTheFirstGesture(): void {
  if (listening) return;
  listening = true;
  for (const type of RELEASE_EVENTS) document.addEventListener(type, releaseEverything, { capture: true, passive: true });
}

// A gesture made before React reaches the parts counts too.
if (typeof document !== 'undefined' && document.querySelector(`#root[${SERVER_RENDERED_ATTRIBUTE}]`)) listenForTheFirstGesture();

function watch(name: string, part: Waiting): void {
  const wrapper = document.querySelector(`[${LATER_PART_ATTRIBUTE}="${CSS.escape(name)}"]`);
  const boxes = !wrapper ? [] : wrapper instanceof HTMLElement && wrapper.style.display === 'contents' ? Array.from(wrapper.children) : [wrapper];
  if (boxes.length === 0 || typeof IntersectionObserver === 'undefined') {
    part.release();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      part.release();
    },
    { rootMargin: LATER_PART_MARGIN },
  );
  boxes.forEach((box) => observer.observe(box));
  void part.promise.then(() => observer.disconnect());
}

/** The part's wait, made once per name while the page is being taken over. */
function waitFor(name: string): Waiting {
  const known = waiting.get(name);
  if (known) return known;
  let release = () => undefined as void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  const part: Waiting = { promise, released: false, release: () => undefined };
  part.release = () => {
    if (part.released) return;
    part.released = true;
    // A promise React reads with `use` and finds already settled is not waited for again.
    Object.assign(promise, { status: 'fulfilled', value: undefined });
    release();
  };
  waiting.set(name, part);
  listenForTheFirstGesture();
  // Watched once the browser is free: the wrapper is the server's HTML, already in the page.
  setTimeout(() => watch(name, part), 0);
  return part;
}

/** The history entry the visit opened on (React Router's key of a new entry; none for the first one). */
const historyKey = () => (window.history.state as { key?: string } | null)?.key;
const firstEntry = typeof window === 'undefined' ? undefined : historyKey();

/**
 * Whether the part belongs to the page the app took over from the web server's HTML
 * (src/main.tsx keeps the mark on `#root` then): the visit's first page, still shown. React
 * hydrates what is inside a Suspense boundary after the rest, once the app has started.
 */
function takenOverPage(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector(`#root[${SERVER_RENDERED_ATTRIBUTE}]`) !== null && historyKey() === firstEntry;
}

function Waits({ name, children }: { name: string; children: ReactNode }) {
  if (!everything && takenOverPage()) {
    const part = waitFor(name);
    if (!part.released) use(part.promise);
  }
  return <>{children}</>;
}

/** `name`: unique on the page (the wrapper is found by it). */
export function LaterPart({ name, as, children }: { name: string; as?: 'li'; children: ReactNode }) {
  const part = (
    <Suspense fallback={null}>
      <Waits name={name}>{children}</Waits>
    </Suspense>
  );
  const mark = { [LATER_PART_ATTRIBUTE]: name };
  if (as === 'li') return <li {...mark}>{part}</li>;
  return (
    <div {...mark} style={{ display: 'contents' }}>
      {part}
    </div>
  );
}
