import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBox } from '../../../components/ui/message-box';
import { useMyDataExportMutation } from '../api/my-data.api';
import { MyDataTexts } from '../texts';
import styles from './my-data.module.css';

/** Opens a file link as a download, in the page (the API answers it as an attachment). */
function openDownload(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.download = '';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * 'Télécharger mes données' (docs/product/rules.md#R968): a small history downloads at once; a
 * large one is prepared in the background and its link mailed (the server's message says so).
 */
export function ExportMyData() {
  const [request, { isLoading, isError }] = useMyDataExportMutation();
  const [outcome, setOutcome] = useState<{ url: string } | { message: string } | null>(null);

  const onClick = async () => {
    setOutcome(null);
    const reply = await request().unwrap().catch(() => null);
    if (!reply) return;
    setOutcome(reply);
    if ('url' in reply) openDownload(reply.url);
  };

  return (
    <section className={styles.export} aria-labelledby="mes-donnees-titre">
      <h2 id="mes-donnees-titre">{MyDataTexts.exportTitle}</h2>
      <p>{MyDataTexts.exportIntro}</p>
      <Button variant="secondary" onClick={onClick} busy={isLoading}>{MyDataTexts.exportButton}</Button>
      <div role="status" aria-live="polite">
        {outcome && 'message' in outcome ? <MessageBox tone="success">{outcome.message}</MessageBox> : null}
        {outcome && 'url' in outcome ? (
          <MessageBox tone="success">
            {MyDataTexts.exportReady} <a href={outcome.url}>{MyDataTexts.exportFallback}</a>.
          </MessageBox>
        ) : null}
      </div>
      {isError ? <MessageBox tone="error">{MyDataTexts.exportFailed}</MessageBox> : null}
    </section>
  );
}
