import { useId, useState } from 'react';
import { VersionLimits } from '@outils/contracts';
import { useToolVersionsQuery } from './versions.api';
import { VersionTexts } from './texts';
import styles from './versions.module.css';

/**
 * « Historique des versions » on the sheet (docs/product/rules.md#R907): each version with its
 * number, date and note, newest first; beyond three, the others behind a button that says how many.
 * Rendered by the server with the sheet (app/page-data.ts).
 */
export function VersionHistory({ toolId }: { toolId: number }) {
  const { data } = useToolVersionsQuery(toolId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!data || data.versions.length < 2) return null;
  const shown = open ? data.versions : data.versions.slice(0, VersionLimits.historyShown);
  const hidden = data.versions.length - VersionLimits.historyShown;
  return (
    <section className={styles.history} aria-labelledby={`${listId}-titre`}>
      <h2 id={`${listId}-titre`}>{VersionTexts.historyTitle}</h2>
      <ol id={listId} className={styles.historyList}>
        {shown.map((version) => (
          <li key={version.number}>
            <h3><time dateTime={version.date}>{VersionTexts.versionHeading(version.number, version.date)}</time></h3>
            <p className={styles.noteText}>{version.note ?? VersionTexts.noNote}</p>
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {open ? VersionTexts.showFewer : VersionTexts.showAll(data.versions.length)}
        </button>
      ) : null}
    </section>
  );
}
