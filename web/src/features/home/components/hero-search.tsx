import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { SearchInput } from '@/components/ui/search-input';
import { matchSuggestions, type Suggestion } from '../utils/match-suggestions';
import { plural } from '@/lib/format';
import { LineIcon } from '@/components/ui/line-icon';

export interface HeroSearchProps {
  /** The categories to suggest while typing. */
  suggestions: readonly Suggestion[];
  /**
   * Enter with no single matching category: the app's search results for `query`. Without it
   * (until gigs can be searched), the box says no category matched.
   */
  onSearch?: (query: string) => void;
  /** Enter (or a click) on a category. */
  onPick: (href: string) => void;
}

/**
 * The home page's search box: matching categories appear as you type (after a 300 ms pause);
 * Enter opens the one match, or searches everything for the words.
 */
export function HeroSearch({ suggestions, onSearch, onPick }: HeroSearchProps) {
  const [query, setQuery] = useState('');
  const resultsId = useId();
  const matches = matchSuggestions(query, suggestions);

  const submit = (text: string) => {
    const q = text.trim();
    if (!q) return;
    const found = matchSuggestions(q, suggestions);
    const exact = found.find((s) => s.label.toLowerCase() === q.toLowerCase());
    const only = found.length === 1 ? found[0] : undefined;
    const target = exact ?? only;
    if (target) onPick(target.href);
    else onSearch?.(q);
  };

  return (
    <div className="hero-search">
      <form
        role="search"
        aria-label="Search Wayfarer Market"
        onSubmit={(event) => {
          event.preventDefault();
          submit(new FormData(event.currentTarget).get('q')?.toString() ?? '');
        }}
      >
        <SearchInput
          name="q"
          label="What do you need for your trip or event?"
          isLabelHidden
          placeholder="Try “tour guide” or “chef”"
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={resultsId}
          onSearch={setQuery}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // The form's submit handles it, with the latest text.
              event.preventDefault();
              submit(event.currentTarget.value);
            }
          }}
        />
        <button type="submit" className="button hero-search-button">
          <LineIcon
            d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4"
            weight={2}
            roundJoins={false}
          />
          <span>Search</span>
        </button>
      </form>
      <div id={resultsId} className="hero-search-results" aria-live="polite">
        {query.trim() !== '' &&
          (matches.length > 0 ? (
            <>
              <p className="visually-hidden">
                {plural(matches.length, 'matching category', 'matching categories')}
              </p>
              <ul>
                {matches.map((match) => (
                  <li key={match.href}>
                    <Link to={match.href}>{match.label}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>
              No category matches “{query.trim()}”.{' '}
              {onSearch
                ? 'Press Enter to search every gig and job.'
                : 'Try a profession such as “guide” or “planner”, or browse the categories below.'}
            </p>
          ))}
      </div>
    </div>
  );
}
