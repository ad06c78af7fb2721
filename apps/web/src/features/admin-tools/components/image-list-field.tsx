import { ChangeEvent, Ref, useId, useState } from 'react';
import { TOOL_IMAGE_EXTENSIONS } from '@outils/contracts';
import { FieldError } from '../../../components/ui/form';
import { acceptAttribute, ImageItem } from '../utils/image-items';
import { CloseIcon, DownIcon, UpIcon } from './icons';
import styles from './admin-tools.module.css';

export interface ImageListFieldProps {
  items: ImageItem[];
  max: number;
  error?: string;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** The file input, to give it the focus when the images are the first error. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The tool's images in display order: add files, remove one, move one up or down.
 * Each change is announced; the first image is the one shown first on the sheet.
 */
export function ImageListField({ items, max, error, onAdd, onRemove, onMove, inputRef }: ImageListFieldProps) {
  const id = useId();
  const [announce, setAnnounce] = useState('');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file may be picked again later
    if (files.length) onAdd(files);
  };
  const move = (from: number, to: number) => {
    onMove(from, to);
    setAnnounce(`${items[from].name} déplacée en position ${to + 1} sur ${items.length}.`);
  };
  const remove = (index: number) => {
    onRemove(index);
    setAnnounce(`${items[index].name} retirée.`);
  };

  return (
    <fieldset className={styles.section} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className={styles.legend}>Images</legend>
      <p id={`${id}-hint`} className={styles.note}>
        PNG ou JPEG, {max} images au plus. L’ordre de la liste est celui de la fiche.
      </p>
      {items.length ? (
        <ol className={styles.images} aria-label="Images de l’outil">
          {items.map((item, index) => (
            <li key={item.key} className={styles.image}>
              {item.src ? <img className={styles.thumb} src={item.src} alt="" /> : <span className={styles.thumb} aria-hidden="true" />}
              <span className={styles.imageText}>
                <span className={styles.imageName}>{item.name}</span>
                <span className={styles.imageMeta}>
                  Position {index + 1} · {item.kind === 'kept' ? 'déjà en ligne' : 'nouvelle'}
                </span>
              </span>
              <span className={styles.imageActions}>
                <button type="button" className={styles.iconButton} aria-label={`Monter ${item.name}`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  <UpIcon />
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Descendre ${item.name}`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <DownIcon />
                </button>
                <button type="button" className={`${styles.iconButton} ${styles.danger}`} aria-label={`Retirer ${item.name}`} onClick={() => remove(index)}>
                  <CloseIcon />
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.note}>Aucune image : la fiche affichera l’icône de document.</p>
      )}
      <label htmlFor={id} className={styles.addLabel}>
        Ajouter des images
      </label>
      <input ref={inputRef} id={id} type="file" multiple accept={acceptAttribute(TOOL_IMAGE_EXTENSIONS)} onChange={onChange} disabled={items.length >= max} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <span className="visually-hidden" role="status">
        {announce}
      </span>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
