import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, DocumentIcon } from '../icons';
import styles from './image-carousel.module.css';
import { responsiveToolImage } from './responsive-image';

export interface CarouselImage {
  id: string | number;
  src: string;
}

export interface ImageCarouselProps {
  images: CarouselImage[];
  /** The tool's name, used in alt texts and labels. */
  name: string;
  /** 'card': compact, in a list; 'gallery': larger, on the tool sheet. */
  variant?: 'card' | 'gallery';
  /** The page's largest image (the sheet's gallery, the first cards): fetched at once, first (docs/product/rules.md#R421). */
  priority?: boolean;
}

/** Intrinsic size given to every image: the frame's ratio, so the browser reserves its box (docs/product/rules.md#R724). */
const SIZE = { card: { width: 640, height: 400 }, gallery: { width: 1280, height: 720 } } as const;

/**
 * docs/product/rules.md#R86: no image gives a document icon, one image is shown plainly, several images give a
 * carousel (Embla) with indicators and previous/next controls.
 */
export function ImageCarousel({ images, name, variant = 'card', priority = false }: ImageCarouselProps) {
  const loading = priority ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const };
  const frame = `${styles.frame} ${styles[variant]}`;
  if (images.length === 0) {
    return (
      <div className={`${frame} ${styles.empty}`} role="img" aria-label={`Aucun aperçu pour « ${name} »`}>
        <DocumentIcon size={variant === 'card' ? 48 : 72} strokeWidth={1.5} />
      </div>
    );
  }
  if (images.length === 1) {
    return (
      <div className={frame}>
        <img
          className={styles.image} src={images[0].src} {...responsiveToolImage(images[0].src, variant)} alt={`Aperçu de « ${name} »`}
          {...SIZE[variant]} {...loading} decoding="async"
        />
      </div>
    );
  }
  return <Slides images={images} name={name} frame={frame} variant={variant} size={SIZE[variant]} priority={priority} />;
}

/**
 * Whether a carousel should start its slider: as soon as the visitor comes to it (pointer, touch,
 * focus), else once it is near the screen and the browser has nothing better to do. A page of
 * cards then starts its sliders one by one after the page is ready, not all together while it
 * loads (each measures the page; docs/product/rules.md#R713).
 */
function useWanted() {
  const ref = useRef<HTMLElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (wanted || !element || typeof IntersectionObserver === 'undefined') return;
    let idle: number | undefined;
    const whenIdle = (run: () => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 200);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        idle = whenIdle(() => setWanted(true));
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : window.clearTimeout)(idle);
    };
  }, [wanted]);
  const want = () => setWanted(true);
  return { ref, wanted, intent: { onPointerEnter: want, onTouchStart: want, onFocus: want } };
}

/**
 * On cards, the dots are left out of the tab order: previous/next reach every image, and a page
 * of twelve cards stays quick to cross with the keyboard. The sheet's gallery keeps them all.
 */
function Slides({ images, name, frame, variant, size, priority }: {
  images: CarouselImage[]; name: string; frame: string; variant: 'card' | 'gallery'; size: { width: number; height: number }; priority: boolean;
}) {
  const dotsInTabOrder = variant === 'gallery';
  const { ref, wanted, intent } = useWanted();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const count = images.length;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  useEffect(() => {
    if (!embla) return;
    // Started late: show the image the controls already chose.
    embla.scrollTo(selectedRef.current, true);
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // Without Embla (not initialised yet) the controls still move the selection.
  const go = useCallback(
    (index: number) => {
      const target = (index + count) % count;
      if (embla) embla.scrollTo(target);
      setSelected(target);
    },
    [embla, count],
  );

  return (
    <section ref={ref} {...intent} className={styles.carousel} aria-roledescription="carrousel" aria-label={`Aperçus de « ${name} »`}>
      <div className={frame}>
        <div className={styles.viewport} ref={wanted ? viewportRef : undefined}>
          <div className={styles.container}>
            {images.map((image, i) => (
              <div
                key={image.id}
                className={styles.slide}
                role="group"
                aria-roledescription="diapositive"
                aria-label={`${i + 1} sur ${count}`}
                aria-hidden={i !== selected}
              >
                <img
                  className={styles.image} src={image.src} {...responsiveToolImage(image.src, variant)} alt={`Aperçu ${i + 1} de « ${name} »`}
                  {...size} decoding="async"
                  {...(priority && i === 0 ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
                />
              </div>
            ))}
          </div>
        </div>
        <button type="button" className={`${styles.control} ${styles.prev}`} onClick={() => go(selected - 1)} aria-label="Image précédente">
          <ChevronLeftIcon />
        </button>
        <button type="button" className={`${styles.control} ${styles.next}`} onClick={() => go(selected + 1)} aria-label="Image suivante">
          <ChevronRightIcon />
        </button>
        <div className={styles.dots}>
          {images.map((image, i) => (
            <button
              key={image.id}
              type="button"
              className={styles.dot}
              aria-label={`Afficher l’image ${i + 1} sur ${count}`}
              aria-current={i === selected ? 'true' : undefined}
              tabIndex={dotsInTabOrder ? undefined : -1}
              onClick={() => go(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">{`Image ${selected + 1} sur ${count}`}</p>
    </section>
  );
}
