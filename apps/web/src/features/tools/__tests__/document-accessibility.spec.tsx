import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import type { ToolAccessibility } from '@outils/contracts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { makeTool, stubBrowserApis } from '../../../testing/test-utils';
import { server } from '../../../testing/msw/server';
import { DocumentAccessibility } from '../components/document-accessibility';
import { NonConformingDocuments } from '../components/non-conforming-documents';
import { ToolCard } from '../components/tool-card';

beforeAll(stubBrowserApis);

const accessible: ToolAccessibility = { outcome: 'accessible', checked: 7, checkedAt: '2026-03-03T10:00:00.000Z', issues: [] };
const partial: ToolAccessibility = {
  outcome: 'partial',
  checked: 9,
  checkedAt: '2026-03-03T10:00:00.000Z',
  issues: [
    { label: 'Le PDF est balisé (arbre de structure et MarkInfo)', reference: 'PDF/UA-1 § 7.1 ; RGAA 13.3', where: ['aucun arbre de structure'], fix: 'Exportez le PDF avec l’option « PDF balisé ».' },
    { label: 'Les images ont une alternative textuelle', reference: 'PDF/UA-1 § 7.3 ; RGAA 1.1', where: ['image 1 (page 2)'], fix: 'Donnez un texte de remplacement.' },
  ],
};

/** docs/product/rules.md#R949: the sheet's word on the file's accessibility, and the card's badge. */
describe('document accessibility', () => {
  it('says « Document accessible » with what was checked and when', () => {
    renderWithProviders(<DocumentAccessibility accessibility={accessible} />);
    expect(screen.getByRole('region', { name: 'Document accessible' })).toHaveTextContent('7 critères vérifiés automatiquement le 3 mars 2026.');
    expect(screen.getByRole('link', { name: 'Ce que la vérification couvre et ne couvre pas' })).toHaveAttribute('href', '/info/accessibility');
  });

  it('opens the detail of a partial document (a native disclosure, the browser journey opens it with the keyboard): what fails, where, how to fix', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DocumentAccessibility accessibility={partial} />);
    const summary = screen.getByText('Accessibilité du document : partielle — voir le détail');
    expect(screen.getByText('2 points à corriger :')).not.toBeVisible();
    await user.click(summary);
    expect(screen.getByText('2 points à corriger :')).toBeVisible();
    expect(screen.getByText('Où : image 1 (page 2)')).toBeVisible();
    expect(screen.getByText('Comment corriger : Exportez le PDF avec l’option « PDF balisé ».')).toBeVisible();
  });

  it('shows nothing before the check; the card has its badge only when accessible', () => {
    const { container } = renderWithProviders(<DocumentAccessibility accessibility={null} />);
    expect(container).toBeEmptyDOMElement();
    renderWithProviders(<ToolCard tool={makeTool({ id: 1, name: 'Plan', accessibility: accessible })} />);
    renderWithProviders(<ToolCard tool={makeTool({ id: 2, name: 'Contrat', accessibility: partial })} />);
    expect(screen.getAllByText('Accessible')).toHaveLength(1);
    expect(screen.getByText('Accessible')).toHaveTextContent('Document Accessible');
  });

  it('gives the card its badge when only the accessible alternative passes (RGAA 13.3, docs/product/rules.md#R947)', () => {
    renderWithProviders(<ToolCard tool={makeTool({ id: 3, name: 'Devis', accessibility: partial, documentAccessible: true })} />);
    renderWithProviders(<ToolCard tool={makeTool({ id: 4, name: 'Facture', accessibility: partial, documentAccessible: false })} />);
    expect(screen.getAllByText('Accessible')).toHaveLength(1);
  });

  it('says whose verdict it is for the alternative, so that the file’s is never taken for it', () => {
    renderWithProviders(<DocumentAccessibility accessibility={accessible} of="alternative" />);
    expect(screen.getByRole('region', { name: 'Version accessible : document accessible' })).toBeInTheDocument();
    expect(screen.queryByText('Document accessible')).toBeNull();
    renderWithProviders(<DocumentAccessibility accessibility={partial} of="alternative" />);
    expect(screen.getByText('Version accessible : accessibilité partielle — voir le détail')).toBeInTheDocument();
  });
});

describe('the statement’s documents (docs/product/rules.md#R948)', () => {
  it('lists the documents that do not conform, with what fails and the last check', async () => {
    server.use(
      http.get(/\/api\/tools\/accessibility$/, () =>
        HttpResponse.json({ checked: 12, lastCheckedAt: '2026-03-03T10:00:00.000Z', nonConforming: [{ name: 'Infographie', slug: 'infographie', checkedAt: '2026-03-03T10:00:00.000Z', issues: partial.issues }], accessibleVersions: [] }),
      ),
    );
    renderWithProviders(<NonConformingDocuments />);
    expect(await screen.findByText('12 documents vérifiés, dont 1 non conforme ; dernière vérification le 3 mars 2026.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Infographie' })).toHaveAttribute('href', '/toolspage/infographie');
    expect(screen.getByRole('listitem')).toHaveTextContent('à corriger : Le PDF est balisé (arbre de structure et MarkInfo) (aucun arbre de structure) ; Les images ont une alternative textuelle (image 1 (page 2)).');
  });

  it('names the documents offered in an accessible version, not among the non-conforming ones', async () => {
    server.use(
      http.get(/\/api\/tools\/accessibility$/, () =>
        HttpResponse.json({ checked: 12, lastCheckedAt: '2026-03-03T10:00:00.000Z', nonConforming: [], accessibleVersions: [{ name: 'Plan de trésorerie', slug: 'plan-de-tresorerie', format: 'word' }] }),
      ),
    );
    renderWithProviders(<NonConformingDocuments />);
    expect(await screen.findByText('12 documents vérifiés, dont 0 non conforme ; dernière vérification le 3 mars 2026.')).toBeInTheDocument();
    expect(screen.getByText('Ces documents sont aussi proposés dans une version accessible, à télécharger depuis leur fiche :')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Plan de trésorerie — version accessible : DOCX');
    expect(screen.getByRole('link', { name: 'Plan de trésorerie' })).toHaveAttribute('href', '/toolspage/plan-de-tresorerie');
  });
});
