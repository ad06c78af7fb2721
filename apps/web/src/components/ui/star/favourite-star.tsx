import { StarIcon } from '../icons';
import styles from './favourite-star.module.css';

export interface FavouriteStarProps {
  pressed: boolean;
  onToggle: () => void;
  /** Shows the text next to the star (tool sheet); otherwise the star alone (cards). */
  showLabel?: boolean;
  disabled?: boolean;
}

/** docs/product/rules.md#R110: 'Ajouter aux favoris' (empty star) or 'Ajouté' (filled star), a toggle button. */
export function FavouriteStar({ pressed, onToggle, showLabel, disabled }: FavouriteStarProps) {
  const label = pressed ? 'Ajouté' : 'Ajouter aux favoris';
  return (
    <button
      type="button"
      className={[styles.star, pressed && styles.pressed, showLabel && styles.labelled].filter(Boolean).join(' ')}
      aria-pressed={pressed}
      aria-label={showLabel ? undefined : label}
      title={showLabel ? undefined : label}
      onClick={onToggle}
      disabled={disabled}
    >
      <StarIcon filled={pressed} size={22} />
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}
