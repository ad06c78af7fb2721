import { StarIcon } from '../icons';
import styles from './favourite-star.module.css';

export interface FavouriteStarProps {
  pressed: boolean;
  onToggle: () => void;
  /** Shows the text next to the star (tool sheet); otherwise the star alone (cards). */
  showLabel?: boolean;
  disabled?: boolean;
  /** The tool it stars: a star alone is named after it, so that a list of cards has no twelve identical buttons. */
  toolName?: string;
}

/**
 * docs/product/rules.md#R110: 'Ajouter aux favoris' (empty star) or 'Ajouté' (filled star), a toggle button.
 * A star without its text is named with its tool: « Ajouter « X » aux favoris », « « X » ajouté aux favoris » (#R730).
 */
export function FavouriteStar({ pressed, onToggle, showLabel, disabled, toolName }: FavouriteStarProps) {
  const label = pressed ? 'Ajouté' : 'Ajouter aux favoris';
  const name = toolName ? (pressed ? `« ${toolName} » ajouté aux favoris` : `Ajouter « ${toolName} » aux favoris`) : label;
  return (
    <button
      type="button"
      className={[styles.star, pressed && styles.pressed, showLabel && styles.labelled].filter(Boolean).join(' ')}
      aria-pressed={pressed}
      aria-label={showLabel ? undefined : name}
      title={showLabel ? undefined : label}
      onClick={onToggle}
      disabled={disabled}
    >
      <StarIcon filled={pressed} size={22} />
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}
