// Free text with the 10000-character rule of SPEC §5: input is cut at `max` code points and a live counter shows
// "n/10000".
import { codePointLength, TEXT_MAX } from "@moviepedia/contract";
import { type Ref, type TextareaHTMLAttributes, useId } from "react";
import { cutToCodePoints } from "../lib/text";
import { UI } from "./strings";

export interface TextAreaWithCounterProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "value" | "onChange" | "maxLength"
> {
  value: string;
  onChange: (value: string) => void;
  /** Korean label; visually hidden with `hideLabel` but always read by screen readers. */
  label: string;
  hideLabel?: boolean;
  max?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaWithCounter({
  value,
  onChange,
  label,
  hideLabel = false,
  max = TEXT_MAX,
  className = "",
  id,
  ref,
  ...rest
}: TextAreaWithCounterProps) {
  const autoId = useId();
  const fieldId = id ?? `${autoId}-text`;
  const counterId = `${fieldId}-counter`;
  const count = codePointLength(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className={hideLabel ? "sr-only" : "text-sm font-semibold text-gray-800"}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        value={value}
        onChange={(event) => onChange(cutToCodePoints(event.target.value, max))}
        aria-describedby={counterId}
        className={`min-h-40 w-full resize-y rounded-lg border border-gray-300 p-3 text-[15px] leading-relaxed focus:border-accent focus:outline-none ${className}`}
        {...rest}
      />
      <p
        id={counterId}
        aria-label={UI.counterLabel(count, max)}
        className={`self-end text-xs tabular-nums ${count >= max ? "text-accent" : "text-gray-500"}`}
      >
        {UI.counter(count, max)}
      </p>
    </div>
  );
}
