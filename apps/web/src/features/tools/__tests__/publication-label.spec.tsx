import { render, screen } from '@testing-library/react';
import { PublicationInfo } from '../components/publication-info';
import { publicationLabel } from '../utils/publication-label';

const DAY = 86400000;
const now = new Date('2026-03-20T12:00:00Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs).toISOString();

describe('publication label (docs/product/rules.md#R88)', () => {
  it('reads « Publié récemment » with « Nouveau » under 1 day', () => {
    expect(publicationLabel(ago(0), now)).toMatchObject({ text: 'Publié récemment', isNew: true });
    expect(publicationLabel(ago(0, DAY - 1000), now)).toMatchObject({ text: 'Publié récemment', isNew: true });
  });

  it('reads « Publié il y a 1 jour » with « Nouveau » at 1 day', () => {
    expect(publicationLabel(ago(1), now)).toMatchObject({ text: 'Publié il y a 1 jour', isNew: true });
  });

  it('reads « Publié il y a 9 jours » with « Nouveau » at 9 days', () => {
    expect(publicationLabel(ago(9, 3600000), now)).toMatchObject({ text: 'Publié il y a 9 jours', isNew: true });
  });

  it('reads « Publié le » and the French date, without « Nouveau », at 10 days', () => {
    const label = publicationLabel(ago(10), now);
    expect(label.isNew).toBe(false);
    expect(label.text).toBe('Publié le 10 mars 2026');
  });

  it('writes the day as read in Paris, whatever the time zone of the machine that renders it (the web server runs in UTC)', () => {
    // 23:30 UTC on 11 March is already 12 March in Paris: the server's page and the browser's must agree.
    expect(publicationLabel('2026-03-11T23:30:00Z', new Date('2026-04-30T12:00:00Z')).text).toBe('Publié le 12 mars 2026');
  });

  it('renders the badge next to the label with a fake « now »', () => {
    jest.useFakeTimers({ now, doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { rerender } = render(<PublicationInfo tool={{ createdAt: ago(3), publishedAt: ago(3) }} />);
      expect(screen.getByText('Publié il y a 3 jours')).toBeInTheDocument();
      expect(screen.getByText('Nouveau')).toBeInTheDocument();
      rerender(<PublicationInfo tool={{ createdAt: ago(45), publishedAt: ago(45) }} />);
      expect(screen.getByText('Publié le 3 février 2026')).toBeInTheDocument();
      expect(screen.queryByText('Nouveau')).not.toBeInTheDocument();
      // Counted from the publication, not the creation (docs/product/rules.md#R653).
      rerender(<PublicationInfo tool={{ createdAt: ago(45), publishedAt: ago(2) }} />);
      expect(screen.getByText('Publié il y a 2 jours')).toBeInTheDocument();
      expect(screen.getByText('Nouveau')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
