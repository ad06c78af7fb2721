import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SuggestionsResponse } from '@outils/contracts';
import { API, server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SearchBox } from '../components/search-box';

const SUGGESTIONS: SuggestionsResponse = {
  topics: [{ id: 4, name: 'Cybersécurité', highlights: [[0, 5]] }],
  tools: [
    { id: 7, slug: 'diagnostic-cyber', name: 'Diagnostic de cybersécurité', highlights: [[14, 19]] },
    { id: 8, slug: 'mots-de-passe', name: 'Cyber : vos mots de passe', highlights: [[0, 5]] },
  ],
  closest: false,
};

function setup() {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/api/tools/suggestions`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json(SUGGESTIONS);
    }),
  );
  const onSearch = jest.fn();
  const onTopic = jest.fn();
  const onTool = jest.fn();
  const view = renderWithProviders(<SearchBox value="" onSearch={onSearch} onTopic={onTopic} onTool={onTool} />);
  return { ...view, asked, onSearch, onTopic, onTool, input: screen.getByRole('combobox', { name: 'Rechercher un outil' }) };
}

describe('search box: a WAI-ARIA combobox with suggestions (docs/product/rules.md#R602)', () => {
  it('asks for suggestions from two letters and marks the matched parts', async () => {
    const { user, input, asked } = setup();
    await user.type(input, 'c');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.type(input, 'yber');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['sujet Cybersécurité', 'Diagnostic de cybersécurité', 'Cyber : vos mots de passe']);
    expect(options[1].querySelector('mark')?.textContent).toBe('cyber');
    expect(asked.at(-1)).toBe('cyber');
    expect(asked).not.toContain('c');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves with the arrows (aria-activedescendant) and opens the highlighted one with Enter', async () => {
    const { user, input, onTool, onTopic, onSearch } = setup();
    await user.type(input, 'cyber');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onTool).toHaveBeenCalledWith(SUGGESTIONS.tools[0]);
    expect(onTopic).not.toHaveBeenCalled();
    expect(onSearch).not.toHaveBeenCalled();
    // The visitor's words stay in the box.
    expect(input).toHaveValue('cyber');
  });

  it('closes with Escape and searches the text with Enter when nothing is highlighted', async () => {
    const { user, input, onSearch, onTool } = setup();
    await user.type(input, 'cyber');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument());
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, ' sécu');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('cyber sécu');
    expect(onTool).not.toHaveBeenCalled();
  });

  it('keeps an edit made inside the text where it was typed (docs/product/rules.md#R720)', async () => {
    const { user, input } = setup();
    await user.type(input, 'mot passe');
    // The caret put just after « mot », as a click there does.
    await user.type(input, ' de', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input).toHaveValue('mot de passe');
    expect((input as HTMLInputElement).selectionStart).toBe(6);
  });

  it('moves the caret with Home and End, suggestions open or not, and leaves no suggestion chosen', async () => {
    const { user, input, onSearch, onTool } = setup();
    await user.type(input, 'cyber');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Home}');
    expect((input as HTMLInputElement).selectionStart).toBe(0);
    expect(input.getAttribute('aria-activedescendant') ?? '').toBe('');
    await user.keyboard('anti');
    expect(input).toHaveValue('anticyber');
    await user.keyboard('{End} x{Enter}');
    expect(onSearch).toHaveBeenCalledWith('anticyber x');
    expect(onTool).not.toHaveBeenCalled();
  });

  it('takes a whole word inserted at once (dictation, a phone keyboard) with its accents', async () => {
    const { user, input, asked } = setup();
    input.focus();
    await user.paste('sécu');
    expect(input).toHaveValue('sécu');
    await waitFor(() => expect(asked.at(-1)).toBe('sécu'));
  });
});
