import { FormEvent, useEffect, useState } from 'react';
import { useCombobox } from 'downshift';
import type { MatchRanges, ToolSuggestion, TopicSuggestion } from '@outils/contracts';
import { SearchIcon } from '../../../components/ui/icons';
import { useToolSuggestionsQuery } from '../api/tools.api';
import { SearchTexts } from '../texts';
import styles from './search-box.module.css';

export type SuggestionItem = { kind: 'topic'; item: TopicSuggestion } | { kind: 'tool'; item: ToolSuggestion };

export interface SearchBoxProps {
  /** The search of the URL: the box shows it again after navigation. */
  value: string;
  onSearch: (q: string) => void;
  onTopic: (topic: TopicSuggestion) => void;
  onTool: (tool: ToolSuggestion) => void;
}

/** Suggestions are asked for once typing pauses this long, from two characters on. */
const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

/** A name with its matched parts in `<mark>` (docs/product/rules.md#R602). */
export function Highlighted({ text, ranges }: { text: string; ranges: MatchRanges }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach(([start, end], i) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={i}>{text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/**
 * The listing's search box as a WAI-ARIA combobox (downshift's `useCombobox`): after two
 * letters, topics then tools under the box; arrows move, Enter opens the highlighted one (or
 * searches the text when none is), Escape closes the list (docs/product/rules.md#R602).
 * It edits like any text field: a change made inside the text, Home and End, dictation and
 * accented letters behave as the browser's own (docs/product/rules.md#R720).
 */
export function SearchBox({ value, onSearch, onTopic, onTool }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [asked, setAsked] = useState('');
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const trimmed = text.trim();
    const timer = setTimeout(() => setAsked(trimmed.length >= MIN_CHARS ? trimmed : ''), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data } = useToolSuggestionsQuery(asked, { skip: asked === '' });
  const current = data && asked !== '' && text.trim().length >= MIN_CHARS ? data : undefined;
  const items: SuggestionItem[] = current
    ? [...current.topics.map((item) => ({ kind: 'topic' as const, item })), ...current.tools.map((item) => ({ kind: 'tool' as const, item }))]
    : [];

  const combobox = useCombobox<SuggestionItem>({
    items,
    inputValue: text,
    selectedItem: null,
    inputId: 'recherche-outils',
    labelId: 'recherche-outils-label',
    menuId: 'recherche-outils-suggestions',
    itemToString: (item) => item?.item.name ?? '',
    // The text is NOT taken from onInputValueChange: downshift calls it in an effect, after a
    // render with the old value, which put the caret at the end and lost letters typed inside the
    // text or inserted by dictation. The input's own change event sets it (getInputProps below).
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      if (selectedItem.kind === 'topic') onTopic(selectedItem.item);
      else onTool(selectedItem.item);
    },
    stateReducer: (_state, { type, changes }) =>
      // Choosing a suggestion never writes its name into the box: the visitor's words stay.
      type === useCombobox.stateChangeTypes.InputKeyDownEnter || type === useCombobox.stateChangeTypes.ItemClick
        ? { ...changes, inputValue: text }
        : changes,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    combobox.closeMenu();
    onSearch(text.trim());
  };
  const open = combobox.isOpen && items.length > 0;
  const topicsCount = current?.topics.length ?? 0;

  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label {...combobox.getLabelProps()} className="visually-hidden">{SearchTexts.label}</label>
      <SearchIcon className={styles.searchIcon} />
      <input
        {...combobox.getInputProps({
          type: 'search',
          placeholder: SearchTexts.placeholder,
          maxLength: 100,
          // Set in the same event as the keystroke: React renders the new text once, caret kept.
          onChange: (event) => setText(event.currentTarget.value),
          onKeyDown: (event) => {
            const native = event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean };
            // Enter without a highlighted suggestion is left to the form: it searches the text.
            if (event.key === 'Enter' && combobox.highlightedIndex < 0) native.preventDownshiftDefault = true;
            // Home and End move the caret in the text, as in any field (downshift would move the
            // highlight instead); the visitor is back in the text, so no suggestion stays chosen.
            if (event.key === 'Home' || event.key === 'End') {
              native.preventDownshiftDefault = true;
              if (combobox.highlightedIndex >= 0) combobox.setHighlightedIndex(-1);
            }
          },
        })}
      />
      <button type="submit">{SearchTexts.submit}</button>
      <ul {...combobox.getMenuProps({ 'aria-label': SearchTexts.suggestionsLabel })} className={open ? styles.menu : styles.menuHidden}>
        {open && current?.closest ? <li role="presentation" className={styles.note}>{SearchTexts.closestNote}</li> : null}
        {open
          ? items.map((entry, index) => (
              <li
                key={`${entry.kind}-${entry.item.id}`}
                className={index === combobox.highlightedIndex ? `${styles.option} ${styles.active}` : styles.option}
                {...combobox.getItemProps({ item: entry, index })}
              >
                {entry.kind === 'topic' ? <><span className={styles.kind}>{SearchTexts.topicHint}</span>{' '}</> : null}
                <span><Highlighted text={entry.item.name} ranges={entry.item.highlights} /></span>
                {index === topicsCount - 1 && topicsCount < items.length ? <span className={styles.separator} aria-hidden="true" /> : null}
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
