// A labelled text input with its hint or error underneath (linked with aria-describedby).
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Korean validation message; replaces the hint and marks the input invalid. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  /** A control inside the input's right end (e.g. show password). */
  trailing?: ReactNode;
}

export function TextField({ label, error, hint, id, ref, trailing, className = "", ...rest }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const noteId = `${fieldId}-note`;
  const note = error ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      <div className="relative flex">
        <input
          ref={ref}
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          className={`h-12 rounded-lg border bg-gray-50 px-3.5 text-[15px] text-gray-900 placeholder:text-gray-400 focus:bg-white focus:outline-none ${
            error ? "border-red-500 focus:border-red-500" : "border-gray-200 focus:border-accent"
          } ${trailing ? "pr-12" : ""} w-full ${className}`}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {note ? (
        <p
          id={noteId}
          role={error ? "alert" : undefined}
          className={`text-[13px] ${error ? "text-red-600" : "text-gray-500"}`}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}
