// The search box of the top bar (issue 17): a combobox whose suggestions, grouped by kind, come as the user
// types; arrow keys move through them, Enter opens the chosen one or, with none chosen, the results page.
// Ctrl+K / Cmd+K focuses it from anywhere (on phones it first opens it: the bar shows only an icon there).
// Built of native elements with the ARIA 1.2 combobox pattern rather than antd's AutoComplete, which would
// weigh on every logged-in page (the frame's JS budget).
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { SEARCH_LIMITS, type SearchHit } from '@hearth/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../lib/debounced-value';
import { useProfile } from '../../lib/session';
import { useSuggestions } from './api';
import { hitLink } from './hit-link';
import { KIND_LABELS, STATUS_LABELS } from './kind-labels';
import { MarkedText } from './marked-text';
import { searchHref } from './search-url';
import './search-box.css';

type Option = { key: string; hit?: SearchHit; href: string };

type Props = {
  isMobile: boolean;
  /** What was typed, kept by the top bar: the box mounts anew when the window crosses the phone width. */
  text: string;
  onText: (text: string) => void;
  /** Ctrl+K (or ⌘K) was pressed, perhaps before this code had loaded: open the box and focus it. */
  focusWanted: boolean;
  onFocused: () => void;
};

export function SearchBox({ isMobile, text, onText, focusWanted, onFocused }: Props) {
  const navigate = useNavigate();
  const roleId = useProfile()?.roles.id ?? 0;
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const typed = text.trim().slice(0, SEARCH_LIMITS.maxLength);
  const query = useDebouncedValue(typed, 150);
  const suggestions = useSuggestions(query);
  // The list on screen is for an older text until the typing pauses and its answer comes: said as aria-busy,
  // so assistive technology (and the browser journeys) wait for the list of what was typed.
  const busy = query !== typed || suggestions.isFetching;
  const shown = isMobile ? expanded : true;

  // Focus asked for by Ctrl+K (the top bar's request) or by the phone's search icon (this one's). On a phone
  // the input exists once the box has opened: the effect runs again when it is shown, after the render
  // that made it (a frame's wait instead raced that render on a busy phone).
  const [iconTapped, setIconTapped] = useState(false);
  const wantsFocus = focusWanted || iconTapped;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the requests and the input's presence decide.
  useEffect(() => {
    if (!wantsFocus) return;
    if (!shown) {
      setExpanded(true);
      return;
    }
    inputRef.current?.focus();
    setIconTapped(false);
    if (focusWanted) onFocused();
  }, [wantsFocus, shown]);

  const groups = useMemo(
    () => (suggestions.data?.groups ?? []).filter((g) => g.hits.length > 0),
    [suggestions.data],
  );
  // "See all results", and Enter with no option chosen: the results page for what was typed, even before
  // its suggestions come. No kind: the page opens the first tab with results, counted over every match
  // (the suggestions are a few prefix matches of each kind).
  const allHref = typed ? searchHref({ q: typed }) : undefined;
  const options: Option[] = useMemo(() => {
    const list: Option[] = [];
    for (const g of groups)
      for (const hit of g.hits) {
        const href = hitLink(hit, roleId);
        if (href) list.push({ key: `${hit.kind}-${hit.id}`, hit, href });
      }
    if (allHref) list.push({ key: 'all', href: allHref });
    return list;
  }, [groups, allHref, roleId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list of options is what resets the choice.
  useEffect(() => setActive(-1), [options]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (href: string) => {
    close();
    setExpanded(false);
    inputRef.current?.blur();
    navigate(href);
  };
  const submit = () => {
    const chosen = options[active];
    const href = chosen?.href ?? allHref;
    if (href) go(href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // From the input (-1) down through the options and back to the input.
      setActive((i) => {
        const next = i + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      if (open && text) close();
      else {
        setExpanded(false);
        inputRef.current?.blur();
      }
    }
  };

  if (!shown)
    return (
      <button
        type="button"
        className="search-icon-button"
        aria-label="Search"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setIconTapped(true)}
      >
        <SearchOutlined aria-hidden />
      </button>
    );

  const listOpen = open && typed !== '';
  const activeId = active >= 0 && options[active] ? `${listId}-${options[active].key}` : undefined;
  return (
    <search className={`search-box${isMobile ? ' search-box-overlay' : ''}`}>
      <SearchOutlined className="search-box-icon" aria-hidden />
      <input
        ref={inputRef}
        className="search-box-input"
        type="search"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={listOpen}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-keyshortcuts="Control+K Meta+K"
        placeholder={isMobile ? 'Search' : 'Search (Ctrl+K)'}
        maxLength={SEARCH_LIMITS.maxLength}
        value={text}
        onChange={(e) => {
          onText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => close()}
        onKeyDown={onKeyDown}
        data-testid="search-box"
      />
      {isMobile && (
        <button
          type="button"
          className="search-icon-button"
          aria-label="Close search"
          onClick={() => {
            close();
            setExpanded(false);
          }}
        >
          <CloseOutlined aria-hidden />
        </button>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        aria-busy={listOpen && busy}
        className="search-box-list"
        hidden={!listOpen}
      >
        {listOpen && suggestions.isError && (
          <div className="search-box-note">Search is not available now.</div>
        )}
        {listOpen && suggestions.isPending && <div className="search-box-note">Searching…</div>}
        {listOpen && suggestions.isSuccess && groups.length === 0 && (
          <div className="search-box-note">No matches yet. Press Enter to search.</div>
        )}
        {groups.map((g) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group (ARIA 1.2).
          <div key={g.kind} role="group" aria-labelledby={`${listId}-${g.kind}`}>
            <div id={`${listId}-${g.kind}`} role="presentation" className="search-box-group">
              {KIND_LABELS[g.kind]}
            </div>
            {g.hits.map((hit) => {
              const option = options.find((o) => o.key === `${hit.kind}-${hit.id}`);
              if (!option) return null;
              const mine = options.indexOf(option);
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses options from the input (aria-activedescendant).
                <div
                  key={option.key}
                  tabIndex={-1}
                  id={`${listId}-${option.key}`}
                  role="option"
                  aria-selected={active === mine}
                  className="search-box-option"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(option.href)}
                  onMouseEnter={() => setActive(mine)}
                >
                  <span className="search-box-title">{hit.title}</span>
                  {hit.status && <span className="search-status">{STATUS_LABELS[hit.status]}</span>}
                  {hit.snippet && (hit.kind === 'comments' || hit.kind === 'messages') && (
                    <MarkedText className="search-box-snippet" snippet={hit.snippet} />
                  )}
                  {hit.kind === 'people' && hit.person?.jobTitle && (
                    <span className="search-box-snippet">{hit.person.jobTitle}</span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
        {allHref && (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses options from the input (aria-activedescendant).
          <div
            id={`${listId}-all`}
            tabIndex={-1}
            role="option"
            aria-selected={active === options.length - 1}
            className="search-box-option search-box-all"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(allHref)}
            onMouseEnter={() => setActive(options.length - 1)}
          >
            See all results for “{typed}”
          </div>
        )}
      </div>
    </search>
  );
}
