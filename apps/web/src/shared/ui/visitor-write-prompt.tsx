// What a visitor sees in place of a reply or comment box: a box-shaped button that asks them to log in before they
// type anything (issue 20 #14), instead of letting them write a whole text and refusing it on 등록.
import { PenLine } from "lucide-react";
import { useRequireLogin } from "./login-required";
import { UI } from "./strings";

export function VisitorWritePrompt({ label = UI.loginToWrite }: { label?: string }) {
  const requireLogin = useRequireLogin();
  return (
    <button
      type="button"
      data-testid="visitor-write-prompt"
      onClick={() => requireLogin()}
      className="flex min-h-24 w-full items-start gap-2 rounded-lg border border-gray-300 p-3 text-left text-[15px] text-gray-500 hover:border-gray-400 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <PenLine aria-hidden size={18} className="mt-0.5 shrink-0" />
      {label}
    </button>
  );
}
