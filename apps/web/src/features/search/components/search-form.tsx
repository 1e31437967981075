// The search box: a non-empty trimmed query of at most 100 characters, else a Korean message under it.
import { Search, X } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { ErrorText } from "../../../shared/ui/error-text";
import { checkQuery } from "../lib/search-params";
import { SEARCH } from "../strings";

export interface SearchFormProps {
  /** The query in the URL; the box follows it on back and forward navigation. */
  current: string;
  onSearch: (query: string) => void;
}

export function SearchForm({ current, onSearch }: SearchFormProps) {
  const [value, setValue] = useState(current);
  const [shown, setShown] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (current !== shown) {
    setShown(current);
    setValue(current);
    setError(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkQuery(value);
    setError(checked.error);
    if (checked.query !== null) {
      setValue(checked.query);
      input.current?.blur(); // closes the on-screen keyboard so the results are visible
      onSearch(checked.query);
    }
  }

  return (
    <form role="search" onSubmit={submit} className="px-4 pt-3 pb-2" noValidate>
      <div className="flex items-center gap-2 rounded-lg bg-gray-100 px-3 focus-within:ring-2 focus-within:ring-accent/40">
        <Search aria-hidden size={18} className="shrink-0 text-gray-500" />
        <label htmlFor="search-query" className="sr-only">
          {SEARCH.inputLabel}
        </label>
        <input
          ref={input}
          id="search-query"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={SEARCH.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "search-query-error" : undefined}
          className="h-11 min-w-0 flex-1 bg-transparent text-[15px] text-gray-900 placeholder:text-gray-400 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {value ? (
          <button
            type="button"
            aria-label={SEARCH.clear}
            onClick={() => {
              setValue("");
              setError(null);
              input.current?.focus();
            }}
            className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-gray-500 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <X aria-hidden size={16} />
          </button>
        ) : null}
        <button type="submit" className="sr-only">
          {SEARCH.submit}
        </button>
      </div>
      {error ? (
        <ErrorText id="search-query-error" className="mt-2">
          {error}
        </ErrorText>
      ) : null}
    </form>
  );
}
