import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '@/components/ui/field-label';
import { inputClass } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';

export interface CountryOption {
  code: string;
  name: string;
}

interface CountryPickerProps {
  label: string;
  options: CountryOption[];
  value: string;
  onChange: (code: string) => void;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A searchable country list (the ARIA 1.2 combobox pattern): type to filter by name (ignoring case
 * and accents) or code, ArrowDown/ArrowUp to move, Enter to choose, Escape to close and keep the
 * choice. The input shows the chosen country while closed.
 */
export function CountryPicker({ label, options, value, onChange }: CountryPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const selected = options.find((o) => o.code === value);

  const matches = useMemo(() => {
    const q = fold(search.trim());
    if (!q) return options;
    return options.filter((o) => fold(o.name).includes(q) || o.code.toLowerCase() === q);
  }, [options, search]);

  const openList = () => {
    setOpen(true);
    setSearch('');
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.code === value),
      ),
    );
  };
  const close = () => {
    setOpen(false);
    setSearch('');
  };
  const choose = (option: CountryOption | undefined) => {
    if (option) onChange(option.code);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        openList();
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (event.key === 'Enter') {
      if (open) {
        event.preventDefault();
        choose(matches[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      setActive(Math.max(0, matches.length - 1));
    }
  };

  const activeOption = open ? matches[active] : undefined;
  return (
    <div className="relative">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={hintId}
        aria-activedescendant={activeOption ? `${id}-opt-${activeOption.code}` : undefined}
        placeholder={t('dashboard.calculator.countryPlaceholder')}
        className={cn(inputClass, 'border-slate-400')}
        value={open ? search : (selected?.name ?? '')}
        onClick={() => (open ? undefined : openList())}
        onChange={(event) => {
          if (!open) setOpen(true);
          setSearch(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => close()}
      />
      <p id={hintId} className="sr-only">
        {t('dashboard.calculator.countryHint')}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || matches.length === 0}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-xl border border-slate-300 bg-white py-1 shadow-lg"
      >
        {matches.map((option, index) => (
          <li
            key={option.code}
            id={`${id}-opt-${option.code}`}
            role="option"
            aria-selected={option.code === value}
            className={cn(
              'flex cursor-pointer items-center justify-between px-4 py-2.5 text-slate-900',
              index === active && 'bg-blue-50 outline-2 -outline-offset-2 outline-blue-700',
            )}
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            onMouseMove={() => setActive(index)}
          >
            <span>{option.name}</span>
            {option.code === value && (
              <span aria-hidden="true" className="text-blue-800">
                ✓
              </span>
            )}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 && (
        <p
          role="status"
          className="absolute z-20 mt-1 w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-slate-700 shadow-lg"
        >
          {t('dashboard.calculator.noCountry', { search })}
        </p>
      )}
    </div>
  );
}
