import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ToolCard } from '../components/tool-card';
import { makeTool, stubBrowserApis } from '../../../testing/test-utils';

beforeAll(stubBrowserApis);

const image = (id: string) => ({ id, src: `http://localhost:3000/tools/images/${id}` });

describe('tool card and its image carousel (docs/product/rules.md#R85, #R86)', () => {
  it('shows the pictogram, a link to /toolspage/{slug}, the facts and a document icon without images', () => {
    const tool = makeTool({ name: 'Diagnostic sécurité', slug: 'diagnostic-securite', type: { id: 1, name: 'Modèle' }, difficulty: 'Moyen' });
    const { container } = renderWithProviders(<ToolCard tool={tool} />);
    const card = screen.getByRole('article', { name: 'Diagnostic sécurité' });
    expect(within(card).getByRole('link', { name: 'Diagnostic sécurité' })).toHaveAttribute('href', '/toolspage/diagnostic-securite');
    expect(container.querySelector('img[src="/images/types/modèle.svg"]')).toBeInTheDocument();
    expect(within(card).getByText('Sécurité')).toBeInTheDocument();
    expect(within(card).getByText('Moyen')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Aucun aperçu pour « Diagnostic sécurité »' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Image suivante' })).not.toBeInTheDocument();
  });

  it('falls back to a generic pictogram when the type has none', () => {
    const { container } = renderWithProviders(<ToolCard tool={makeTool({ type: { id: 9, name: 'Guide pratique' } })} />);
    const img = container.querySelector('img[src="/images/types/guide-pratique.svg"]') as HTMLImageElement;
    expect(img).toBeInTheDocument();
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/images/types/outil.svg');
  });

  it('shows one image plainly', () => {
    renderWithProviders(<ToolCard tool={makeTool({ name: 'Kit RGPD', images: [image('a')] })} />);
    expect(screen.getByRole('img', { name: 'Aperçu de « Kit RGPD »' })).toHaveAttribute('src', 'http://localhost:3000/tools/images/a');
    expect(screen.queryByRole('button', { name: 'Image suivante' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Afficher l’image/ })).not.toBeInTheDocument();
  });

  it('shows several images in a carousel with indicators and controls', async () => {
    const { user } = renderWithProviders(<ToolCard tool={makeTool({ name: 'Kit RGPD', images: [image('a'), image('b'), image('c')] })} />);
    const carousel = screen.getByRole('region', { name: 'Aperçus de « Kit RGPD »' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carrousel');
    const dots = within(carousel).getAllByRole('button', { name: /Afficher l’image \d sur 3/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');

    await user.click(within(carousel).getByRole('button', { name: 'Image suivante' }));
    expect(within(carousel).getByRole('button', { name: 'Afficher l’image 2 sur 3' })).toHaveAttribute('aria-current', 'true');
    expect(within(carousel).getByText('Image 2 sur 3')).toBeInTheDocument();

    await user.click(within(carousel).getByRole('button', { name: 'Image précédente' }));
    await user.click(within(carousel).getByRole('button', { name: 'Image précédente' }));
    expect(within(carousel).getByRole('button', { name: 'Afficher l’image 3 sur 3' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(carousel).getByRole('button', { name: 'Afficher l’image 1 sur 3' }));
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('img', { name: 'Aperçu 1 de « Kit RGPD »' })).toBeInTheDocument();
  });

  it('comes to the name before the image controls with the keyboard, and keeps the card dots out of the tab order', async () => {
    const { user } = renderWithProviders(
      <ToolCard tool={makeTool({ name: 'Kit RGPD', images: [image('a'), image('b'), image('c')] })} actions={<button type="button">Télécharger</button>} />,
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'Kit RGPD' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Image précédente' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Image suivante' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Télécharger' })).toHaveFocus();
  });

  it('hands the listing it was shown in to the sheet (the breadcrumb goes back there)', async () => {
    const { user, router } = renderWithProviders(<ToolCard tool={makeTool({ name: 'Kit RGPD', slug: 'kit-rgpd' })} listing="/toolspage?categories=3&page=2" />);
    await user.click(screen.getByRole('link', { name: 'Kit RGPD' }));
    expect(router.state.location.pathname).toBe('/toolspage/kit-rgpd');
    expect(router.state.location.state).toEqual({ listing: '/toolspage?categories=3&page=2' });
  });

  it('renders markup in texts as plain text', () => {
    renderWithProviders(<ToolCard tool={makeTool({ name: '<b>Gras</b>', description: '<img src=x onerror=alert(1)>' })} />);
    expect(screen.getByRole('link', { name: '<b>Gras</b>' })).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});
