import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeTool, stubBrowserApis } from '../../../testing/test-utils';
import { FileFacts, FilePreview } from '../components/file-facts';
import { ToolCard } from '../components/tool-card';
import { alternativeDownloadLabel, downloadLabel, fileLine, formatFileSize, formatPages, updatedLabel } from '../utils/file-facts';

beforeAll(stubBrowserApis);

/** The non-breaking spaces of French typography, written as plain spaces for reading. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('file facts in French units (docs/product/rules.md#R633–R635)', () => {
  it.each([
    [0, '0 octet'],
    [1, '1 octet'],
    [850, '850 octets'],
    [1024, '1 Ko'],
    [870_400, '850 Ko'],
    [1_048_525, '1 Mo'],
    [1_258_291, '1,2 Mo'],
    [52_428_800, '50 Mo'],
    [2_147_483_648, '2 Go'],
  ])('writes %d bytes as « %s »', (bytes, expected) => {
    expect(plain(formatFileSize(bytes))).toBe(expected);
  });

  it('keeps the number and its unit together (non-breaking space)', () => {
    expect(formatFileSize(1_258_291)).toBe('1,2\u00a0Mo');
  });

  it('counts pages, dates a replaced file and names the format on the button', () => {
    expect(plain(formatPages(1))).toBe('1 page');
    expect(plain(formatPages(12))).toBe('12 pages');
    expect(updatedLabel('2026-03-03T10:00:00Z')).toBe('Mis à jour le 3 mars 2026');
    expect(plain(downloadLabel({ format: 'pdf', size: 1_258_291, pages: 12, updatedAt: null }))).toBe('Télécharger le PDF (1,2 Mo)');
    expect(plain(downloadLabel({ format: 'excel', size: 870_400, pages: null, updatedAt: null }))).toBe('Télécharger le fichier Excel (850 Ko)');
    expect(plain(downloadLabel({ format: 'word', size: 20_480, pages: 3, updatedAt: null }))).toBe('Télécharger le document Word (20 Ko)');
    expect(plain(downloadLabel({ format: null, size: 10, pages: null, updatedAt: null }))).toBe('Télécharger le fichier (10 octets)');
  });

  it('names the accessible version’s format (as its file is named) and size on its button (docs/product/rules.md#R949)', () => {
    expect(plain(alternativeDownloadLabel({ format: 'word', size: 122_880 }))).toBe('Télécharger la version accessible (DOCX, 120 Ko)');
    expect(plain(alternativeDownloadLabel({ format: 'excel', size: 2_048 }))).toBe('Télécharger la version accessible (XLSX, 2 Ko)');
    expect(plain(alternativeDownloadLabel({ format: 'pdf', size: 1_258_291 }))).toBe('Télécharger la version accessible (PDF, 1,2 Mo)');
    expect(plain(alternativeDownloadLabel({ format: 'csv', size: 37 }))).toBe('Télécharger la version accessible (CSV, 37 octets)');
  });

  it('gives the card one line: format and size', () => {
    expect(plain(fileLine({ format: 'csv', size: 3_000, pages: null, updatedAt: null }))).toBe('CSV · 2,9 Ko');
    renderWithProviders(<ToolCard tool={makeTool({ name: 'Plan de trésorerie', download: { format: 'pdf', size: 1_258_291, pages: 12, updatedAt: null } })} />);
    const card = screen.getByRole('article', { name: 'Plan de trésorerie' });
    expect(within(card).getByText((_, element) => element?.tagName === 'SPAN' && plain(element.textContent) === 'PDF · 1,2 Mo')).toBeInTheDocument();
  });

  it('shows on the sheet the format as a named icon, the size, the pages and the date of a replaced file', () => {
    const { container, rerender } = renderWithProviders(<FileFacts download={{ format: 'word', size: 870_400, pages: 12, updatedAt: '2026-03-03T10:00:00Z' }} />);
    expect(screen.getByRole('img', { name: 'Word' })).toBeInTheDocument();
    expect(plain(container.textContent)).toContain('FormatWord');
    expect(plain(container.textContent)).toContain('850 Ko');
    expect(plain(container.textContent)).toContain('12 pages');
    expect(screen.getByText('Mis à jour le 3 mars 2026')).toHaveAttribute('datetime', '2026-03-03T10:00:00Z');
    rerender(<FileFacts download={{ format: 'excel', size: 1000, pages: null, updatedAt: null }} />);
    expect(screen.queryByText(/pages?$/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Mis à jour/)).not.toBeInTheDocument();
  });

  it('shows the preview with French alternative text and its size reserved', () => {
    renderWithProviders(<FilePreview name="Plan de trésorerie" preview={{ src: 'http://api/tools/previews/x', width: 480, height: 679 }} />);
    const img = screen.getByRole('img', { name: 'Aperçu de la première page de « Plan de trésorerie »' });
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '679');
  });
});
