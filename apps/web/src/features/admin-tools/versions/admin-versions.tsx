import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { asApiError } from '../../../lib/api-error';
import { useAdminToolVersionsQuery, useAdminVersionLinkMutation, useAdminVersionRestoreMutation } from './admin-versions.api';
import { AdminVersionTexts } from './texts';
import styles from './admin-versions.module.css';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Every version of the edited tool (docs/product/rules.md#R902, #R903, #R908): number, date, note,
 * file and downloads; each earlier one can be downloaded or made current again (a new version).
 */
export function AdminVersions({ toolId }: { toolId: number }) {
  const { data } = useAdminToolVersionsQuery(toolId, { refetchOnMountOrArgChange: true });
  const [link] = useAdminVersionLinkMutation();
  const [restore, { isLoading: restoring }] = useAdminVersionRestoreMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!data || data.versions.length === 0) return null;

  const download = async (number: number) => {
    const reply = await link({ toolId, number });
    if ('data' in reply && reply.data) window.location.assign(reply.data.url);
    else setOutcome({ tone: 'error', text: asApiError(reply.error).message ?? AdminVersionTexts.failed });
  };
  const makeCurrent = async (number: number) => {
    // No confirmation: a restore is a new version, itself undone by restoring again (docs/product/rules.md#R903).
    const reply = await restore({ toolId, number });
    if ('data' in reply && reply.data) setOutcome({ tone: 'success', text: reply.data.message });
    else setOutcome({ tone: 'error', text: asApiError(reply.error).message ?? AdminVersionTexts.failed });
  };

  return (
    <section className={styles.versions} aria-labelledby="versions-fichier">
      <h2 id="versions-fichier">{AdminVersionTexts.listTitle}</h2>
      {outcome ? <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox> : null}
      <ol className={styles.list}>
        {data.versions.map((version) => (
          <li key={version.number} className={styles.item}>
            <h3>
              {AdminVersionTexts.versionTitle(version.number, version.date)}
              {version.isCurrent ? <span className={styles.tag}>{AdminVersionTexts.current}</span> : null}
              {version.isMinor ? <span className={styles.tag}>{AdminVersionTexts.minor}</span> : null}
            </h3>
            <p className={styles.note}>{version.note ?? AdminVersionTexts.noNote}</p>
            <p className={styles.meta}>{version.file.name} · {AdminVersionTexts.downloads(version.downloads)}</p>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => download(version.number)}>{AdminVersionTexts.download(version.number)}</Button>
              {version.isCurrent ? null : (
                <Button variant="secondary" disabled={restoring} onClick={() => makeCurrent(version.number)}>{AdminVersionTexts.restore(version.number)}</Button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
