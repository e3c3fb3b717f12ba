import { useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedCallback } from './use-debounced-callback';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'onSubmit' | 'type' | 'id'
>;

export interface SearchInputProps extends NativeProps {
  /** The visible (or visually hidden) label. */
  label: string;
  isLabelHidden?: boolean;
  defaultValue?: string;
  /** Called 300 ms after the last keystroke (spec section 9), and at once on Enter. */
  onSearch: (query: string) => void;
  /** Enter: after `onSearch` has seen the latest text. */
  onSubmit?: (query: string) => void;
  delayMs?: number;
  id?: string;
}

/** A search box whose query is reported once typing pauses. */
export function SearchInput({
  label,
  isLabelHidden = false,
  defaultValue = '',
  onSearch,
  onSubmit,
  delayMs = SEARCH_DEBOUNCE_MS,
  id,
  className,
  onKeyDown,
  ...rest
}: SearchInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [value, setValue] = useState(defaultValue);
  const search = useDebouncedCallback(onSearch, delayMs);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== 'Enter') return;
    search.cancel();
    onSearch(value);
    onSubmit?.(value);
  };

  return (
    <div className={['search-input', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={isLabelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        type="search"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          search(event.target.value);
        }}
        onKeyDown={handleKeyDown}
      />
    </div>
  );
}
