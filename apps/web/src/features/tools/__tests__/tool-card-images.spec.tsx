import { screen } from '@testing-library/react';
import { TOOL_IMAGE_SIZES } from '@outils/contracts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ImageCarousel } from '../../../components/ui/carousel';
import { ToolCard } from '../components/tool-card';
import { makeTool, stubBrowserApis } from '../../../testing/test-utils';

beforeAll(stubBrowserApis);

const image = (id: string) => ({ id, src: `http://localhost:3000/tools/images/${id}` });
const srcset = (id: string) =>
  `http://localhost:3000/tools/images/${id}?w=320 320w, http://localhost:3000/tools/images/${id}?w=640 640w, http://localhost:3000/tools/images/${id}?w=960 960w`;

/** docs/product/rules.md#R700, #R724, #R421: cards ask for a copy of the size they draw, keep their box and load lazily unless first. */
describe('tool card images: smaller copies for smaller screens', () => {
  it('lists the 320, 640 and 960 pixel copies with the card’s sizes, its intrinsic size, and loads lazily', () => {
    renderWithProviders(<ToolCard tool={makeTool({ name: 'Kit RGPD', images: [image('a')] })} />);
    const img = screen.getByRole('img', { name: 'Aperçu de « Kit RGPD »' });
    expect(img).toHaveAttribute('src', 'http://localhost:3000/tools/images/a');
    expect(img).toHaveAttribute('srcset', srcset('a'));
    expect(img).toHaveAttribute('sizes', TOOL_IMAGE_SIZES.card);
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('gives every slide of a carousel its copies, and the first card’s first image a high priority', () => {
    renderWithProviders(<ToolCard tool={makeTool({ name: 'Kit RGPD', images: [image('a'), image('b')] })} priority />);
    const first = screen.getByRole('img', { name: 'Aperçu 1 de « Kit RGPD »', hidden: true });
    const second = screen.getByRole('img', { name: 'Aperçu 2 de « Kit RGPD »', hidden: true });
    expect(first).toHaveAttribute('srcset', srcset('a'));
    expect(second).toHaveAttribute('srcset', srcset('b'));
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('leaves an image that is not one of the API’s tool images as it is', () => {
    renderWithProviders(<ToolCard tool={makeTool({ name: 'Kit RGPD', images: [{ id: 'x', src: 'https://exemple.test/apercu.png' }] })} />);
    const img = screen.getByRole('img', { name: 'Aperçu de « Kit RGPD »' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('gives the sheet’s gallery the gallery’s sizes and its first image a high priority', () => {
    renderWithProviders(<ImageCarousel images={[image('a')]} name="Kit RGPD" variant="gallery" priority />);
    const img = screen.getByRole('img', { name: 'Aperçu de « Kit RGPD »' });
    expect(img).toHaveAttribute('srcset', srcset('a'));
    expect(img).toHaveAttribute('sizes', TOOL_IMAGE_SIZES.gallery);
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '720');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });
});
