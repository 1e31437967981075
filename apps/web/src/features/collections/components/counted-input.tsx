// A one-line text field with a live "n/max" counter; input is cut at `max` code points (API.md §1.7 counts them).
import { codePointLength } from "@moviepedia/contract";
import { type InputHTMLAttributes, useId } from "react";
import { cutToCodePoints } from "../../../shared/lib/text";
import { UI } from "../../../shared/ui/strings";

export interface CountedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  /** Korean message under the field; marks it invalid. */
  error?: string | null;
}

export function CountedInput({ label, value, onChange, max, error, id, ...rest }: CountedInputProps) {
  const autoId = useId();
  const fieldId = id ?? `${autoId}-input`;
  const counterId = `${fieldId}-counter`;
  const errorId = `${fieldId}-error`;
  const count = codePointLength(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input
        id={fieldId}
        value={value}
        onChange={(event) => onChange(cutToCodePoints(event.target.value, max))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
        className={`h-12 rounded-lg border bg-gray-50 px-3.5 text-[15px] text-gray-900 placeholder:text-gray-400 focus:bg-white focus:outline-none ${
          error ? "border-red-500" : "border-gray-200 focus:border-accent"
        }`}
        {...rest}
      />
      <div className="flex items-start justify-between gap-2">
        <p id={errorId} className="text-[13px] text-red-600">
          {error}
        </p>
        <p
          id={counterId}
          aria-label={UI.counterLabel(count, max)}
          className={`shrink-0 text-xs tabular-nums ${count >= max ? "text-accent" : "text-gray-500"}`}
        >
          {UI.counter(count, max)}
        </p>
      </div>
    </div>
  );
}
