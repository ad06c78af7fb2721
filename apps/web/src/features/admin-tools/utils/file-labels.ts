/** What people call each accepted file type (the MIME type the API checked by content). */
const TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word (DOC)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (DOCX)',
  'application/vnd.ms-excel': 'Excel (XLS)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (XLSX)',
  'text/csv': 'CSV',
  'image/png': 'Image PNG',
  'image/jpeg': 'Image JPEG',
};

export const fileTypeLabel = (mime: string) => TYPES[mime] ?? mime;

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** « 820 octets », « 34 ko », « 1,2 Mo » (French units, 1 ko = 1 024 octets). */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} ko`;
  return `${decimal.format(bytes / (1024 * 1024))} Mo`;
}
