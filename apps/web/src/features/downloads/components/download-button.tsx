import { useState } from 'react';
import { Button, ButtonProps } from '../../../components/ui/button';
import { DownloadIcon } from '../../../components/ui/icons';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { emailGiven, newsletterChecked } from '../../../lib/session';
import { useNewsletterRegisterMutation } from '../../newsletter/api/newsletter.api';
import { useDownloadLinkMutation } from '../api/downloads.api';
import { startDownload } from '../utils/start-download';
import { DownloadDialog, DownloadDialogValues } from './download-dialog';

export interface DownloadButtonProps {
  tool: { id: number; name: string };
  variant?: ButtonProps['variant'];
  block?: boolean;
  /** The visible text (the tool's name is added for screen readers); 'Télécharger' by default. */
  label?: string;
}

/**
 * Download flow (spec §4, decisions §4): without `hasGivenEmail` the e-mail popup comes first
 * (the e-mail stays optional; it is registered for the newsletter only with consent); then the
 * signed URL is fetched and opened as a download; once that succeeds `hasGivenEmail` is set and
 * the next downloads start at once. An e-mail given there also sets `hasCheckedNewsletter`. Errors are ignored (spec §8). The newsletter call is the
 * newsletter feature's endpoint (one endpoint for one API path).
 */
export function DownloadButton({ tool, variant = 'primary', block, label = 'Télécharger' }: DownloadButtonProps) {
  const dispatch = useAppDispatch();
  const hasGivenEmail = useAppSelector((s) => s.session.hasGivenEmail);
  const [getLink, { isLoading }] = useDownloadLinkMutation();
  const [register] = useNewsletterRegisterMutation();
  const [dialogOpen, setDialogOpen] = useState(false);

  const download = async () => {
    try {
      const { url } = await getLink(tool.id).unwrap();
      startDownload(url, tool.name);
      dispatch(emailGiven());
      return true;
    } catch {
      return false; // nothing shown (spec §8)
    }
  };

  const onConfirm = async ({ email, consent }: DownloadDialogValues) => {
    // Not awaited: the download must start while the click still counts as the visitor's gesture.
    if (email && consent) register({ email, consent: true, source: 'download' }).unwrap().catch(() => undefined);
    // An e-mail given here answers the newsletter question: 'Restez cool' does not ask again.
    if (email) dispatch(newsletterChecked());
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
        onClick={() => (hasGivenEmail ? download() : setDialogOpen(true))}
      >
        <DownloadIcon />
        {label}
      </Button>
      <DownloadDialog open={dialogOpen} onOpenChange={setDialogOpen} toolName={tool.name} busy={isLoading} onConfirm={onConfirm} />
    </>
  );
}
