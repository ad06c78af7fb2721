import { DownloadButton, DownloadButtonProps } from '../../features/downloads/components/download-button';
import { useNewsletterRegisterMutation } from '../../features/newsletter/api/newsletter.api';

/**
 * The download button of the listing and the sheet: an e-mail given in its popup with the
 * consent box ticked is registered for the newsletter, source 'download'
 * (docs/product/rules.md#R108, #R450). A failed registration is ignored and never delays the download.
 */
export function ToolDownloadButton(props: Omit<DownloadButtonProps, 'onEmailGiven'>) {
  const [register] = useNewsletterRegisterMutation();
  return (
    <DownloadButton
      {...props}
      onEmailGiven={({ email, consent }) => {
        if (consent) register({ email, consent: true, source: 'download' }).unwrap().catch(() => undefined);
      }}
    />
  );
}
