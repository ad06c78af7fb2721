import { rememberDownloadProof } from '../../../lib/download-proofs';

/** A file name made from the tool's name (the server's Content-Disposition has the last word). */
export function downloadFileName(toolName: string): string {
  return toolName.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'outil';
}

/**
 * Opens the signed URL as a download named after the tool, in a new tab (docs/product/rules.md#R729): the API
 * answers it with `Content-Disposition: attachment`, so the browser saves the file.
 */
export function startDownload(url: string, toolName: string): void {
  rememberDownloadProof(url);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadFileName(toolName);
  link.target = '_blank';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
