import type { ToolFileFormat } from '@outils/contracts';
import { fileFormatName } from '../utils/file-facts';
import styles from './tools.module.css';

const COLORS: Record<ToolFileFormat | 'other', string> = {
  pdf: '#B3261E', excel: '#1D6F42', word: '#2B579A', csv: '#5C6B00', image: '#7A3E9D', other: '#555F6D',
};
const LETTERS: Record<ToolFileFormat | 'other', string> = { pdf: 'PDF', excel: 'XLS', word: 'DOC', csv: 'CSV', image: 'IMG', other: '?' };

/**
 * A file's format as a small labelled document (docs/product/rules.md#R633): an image named after
 * the format (« PDF », « Excel »…), so a screen reader says what the colour and letters show.
 * `decorative` when the format's name is written next to it.
 */
export function FileFormatIcon({ format, size = 28, decorative = false }: { format: ToolFileFormat | null; size?: number; decorative?: boolean }) {
  const key = format ?? 'other';
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': fileFormatName(format) };
  return (
    <svg className={styles.formatIcon} width={size} height={size} viewBox="0 0 24 24" focusable="false" {...a11y}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" fill="#fff" stroke={COLORS[key]} strokeWidth={1.5} />
      <path d="M14 2v6h6" fill="none" stroke={COLORS[key]} strokeWidth={1.5} />
      <rect x="1.5" y="11" width="17" height="8" rx="1.5" fill={COLORS[key]} />
      <text x="10" y="17.2" textAnchor="middle" fontSize="6" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">{LETTERS[key]}</text>
    </svg>
  );
}
