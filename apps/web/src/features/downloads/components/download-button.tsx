import { lazy, Suspense, useState } from 'react';
import { Button, ButtonProps } from '../../../components/ui/button';
import { DownloadIcon } from '../../../components/ui/icons';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { emailGiven, newsletterChecked, selectIsConnected } from '../../../lib/session';
import { useToolDownload } from '../hooks/use-tool-download';
import { startDownload } from '../utils/start-download';
import type { DownloadDialogValues } from './download-dialog';

// docs/product/rules.md#R725: the popup (its form, Radix) is not part of the pages' first code.
const loadDialog = () => import('./download-dialog');
const DownloadDialog = lazy(() => loadDialog().then((m) => ({ default: m.DownloadDialog })));

export interface DownloadButtonProps {
  tool: { id: number; name: string };
  variant?: ButtonProps['variant'];
  block?: boolean;
  /** The visible text (the tool's name is added for screen readers); 'Télécharger' by default. */
  label?: string;
  /**
   * Told when the visitor gives an e-mail in the popup, before the download starts: the page
   * registers it for the newsletter when `consent` is ticked (the newsletter feature's call).
   * It must not wait for anything: the download has to start while the click still counts as
   * the visitor's gesture.
   */
  onEmailGiven?: (given: DownloadDialogValues) => void;
  /**
   * Another signed link than the tool's (a folder's ZIP, docs/product/rules.md#R520): the same
   * popup and flow, the file named after `tool.name`.
   */
  fetchLink?: () => Promise<{ url: string }>;
  /** The popup's confirm button (see DownloadDialog). */
  confirmLabel?: string;
  /** A folder's ZIP is announced as a folder in the popup (docs/product/rules.md#R729). */
  kind?: 'tool' | 'folder';
  /** The tool's declared accessible version, through the same flow (docs/product/rules.md#R946). */
  alternative?: boolean;
}

/**
 * Download flow (docs/product/rules.md#R729, #R108): for a guest without `hasGivenEmail` the e-mail popup comes first
 * (the e-mail stays optional; it is registered for the newsletter only with consent, by `onEmailGiven`); then the
 * signed URL is fetched and opened as a download; once that succeeds `hasGivenEmail` is set and
 * the next downloads start at once. A member is never asked for an address the site knows: their
 * downloads start at once. An e-mail given there also sets `hasCheckedNewsletter`. Errors are ignored (#R152).
 */
export function DownloadButton({ tool, variant = 'primary', block, label = 'Télécharger', onEmailGiven, fetchLink, confirmLabel, kind, alternative = false }: DownloadButtonProps) {
  const dispatch = useAppDispatch();
  const connected = useAppSelector(selectIsConnected);
  // No popup: the visitor already gave an address, or is a member (docs/product/rules.md#R729).
  const direct = useAppSelector((s) => s.session.hasGivenEmail) || connected;
  const [downloadTool, { isLoading: isToolLoading }] = useToolDownload();
  const [isLinkLoading, setLinkLoading] = useState(false);
  const isLoading = isToolLoading || isLinkLoading;
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from its first opening on, so that it can give the focus back when it closes.
  const [dialogUsed, setDialogUsed] = useState(false);
  const openDialog = () => {
    setDialogUsed(true);
    setDialogOpen(true);
  };

  const download = async () => {
    const started = fetchLink ? await downloadOther(fetchLink) : await downloadTool(tool, alternative); // a failure shows nothing (docs/product/rules.md#R152)
    if (started) dispatch(emailGiven());
    return started;
  };

  const downloadOther = async (fetch: () => Promise<{ url: string }>) => {
    setLinkLoading(true);
    try {
      startDownload((await fetch()).url, tool.name);
      return true;
    } catch {
      return false;
    } finally {
      setLinkLoading(false);
    }
  };

  const onConfirm = async ({ email, consent }: DownloadDialogValues) => {
    if (email) {
      onEmailGiven?.({ email, consent });
      // An e-mail given here answers the newsletter question: 'Restez cool' does not ask again.
      dispatch(newsletterChecked());
    }
    await download();
    setDialogOpen(false);
  };

  return (
    <>
      <Button
        variant={variant}
        block={block}
        busy={isLoading}
        aria-label={`${label} « ${tool.name} »`}
        onClick={() => (direct ? download() : openDialog())}
        // The popup's code is fetched as the visitor comes near the button.
        onPointerEnter={direct ? undefined : () => void loadDialog()}
        onFocus={direct ? undefined : () => void loadDialog()}
      >
        <DownloadIcon />
        {label}
      </Button>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <DownloadDialog open={dialogOpen} onOpenChange={setDialogOpen} toolName={tool.name} busy={isLoading} onConfirm={onConfirm} confirmLabel={confirmLabel} kind={kind} />
        </Suspense>
      ) : null}
    </>
  );
}
