// A password input with a show/hide toggle (the eye button), so a member can check what they typed on a phone.
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { TextField, type TextFieldProps } from "../../../shared/ui/text-field";
import { AUTH } from "../strings";

export function PasswordField(props: Omit<TextFieldProps, "type" | "trailing">) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      trailing={
        <button
          type="button"
          aria-label={AUTH.showPassword}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-accent"
        >
          {shown ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
        </button>
      }
    />
  );
}
