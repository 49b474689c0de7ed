import { TextField } from './text-field';

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A list's search box: one labelled search input in a search landmark, no autofill. */
export function SearchField({ label, value, onChange }: SearchFieldProps) {
  return (
    <div role="search">
      <TextField
        type="search"
        label={label}
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
