import { useState } from 'react';
import { embedSnippet, type Kit } from '@outils/contracts';
import { SelectField } from '../../../components/ui/form';
import { PartnerTexts as T } from '../texts';
import styles from './partners.module.css';

/**
 * A partner's embed code (docs/product/rules.md#R994) and, when kits exist, a native select that puts
 * one of them in it (`data-kit`, docs/product/rules.md#R1008); the code is announced when it changes.
 */
export function PartnerSnippet({ partnerId, partnerName, kits }: { partnerId: string; partnerName: string; kits: Kit[] | undefined }) {
  const [kit, setKit] = useState('');
  const chosen = kits?.some((k) => k.shareToken === kit) ? kit : '';
  const snippet = embedSnippet(window.location.origin, partnerId, { kit: chosen || undefined });
  return (
    <div className={styles.snippetBlock}>
      {kits && kits.length > 0 ? (
        <SelectField
          id={`kit-${partnerId}`}
          label={T.kitChoice}
          aria-label={`${T.kitChoice} — ${partnerName}`}
          hint={T.kitHint}
          value={chosen}
          onChange={(event) => setKit(event.target.value)}
          options={[{ value: '', label: T.kitNone }, ...kits.map((k) => ({ value: k.shareToken, label: T.kitOption(k.name, k.toolCount) }))]}
        />
      ) : kits ? (
        <p>{T.noKits}</p>
      ) : null}
      <p>{T.snippet} :</p>
      <code className={styles.snippet} aria-live="polite">
        {snippet}
      </code>
    </div>
  );
}
