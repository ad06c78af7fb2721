/**
 * The signature of the last download link this browser was given for each tool: a guest's proof of
 * a prior download when answering « Cet outil vous a-t-il aidé ? » (docs/product/rules.md#R962).
 * The signature alone cannot download anything once its link has expired.
 */
const KEY = 'outils:download-proofs';
const MAX_TOOLS = 200;

function read(): Record<string, string> {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keeps the signature of a signed download link (`…/tools/file?toolId=…&signature=…`). */
export function rememberDownloadProof(url: string): void {
  try {
    const params = new URL(url).searchParams;
    const toolId = params.get('toolId');
    const signature = params.get('signature');
    if (!toolId || !signature) return;
    const proofs = read();
    delete proofs[toolId];
    proofs[toolId] = signature;
    const kept = Object.entries(proofs).slice(-MAX_TOOLS);
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // A browser without storage only loses the proof: the answer is then kept apart.
  }
}

export function downloadProofOf(toolId: number): string | undefined {
  return typeof window === 'undefined' ? undefined : read()[String(toolId)];
}
