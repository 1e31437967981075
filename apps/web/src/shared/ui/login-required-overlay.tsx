// SPEC §2 login-required overlay: 회원가입 or 로그인 (both remember where the visitor was) and a close icon.
import { MSG } from "@moviepedia/contract";
import { useLocation, useNavigate } from "react-router";
import { rememberReturnPath } from "../lib/auth";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { UI } from "./strings";

export interface LoginRequiredOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 회원가입 (→ /signup) or 로그인 (remembers the current path, → /login), and a close icon. */
export function LoginRequiredOverlay({ open, onOpenChange }: LoginRequiredOverlayProps) {
  const navigate = useNavigate();
  const location = useLocation();

  function go(to: "/login" | "/signup") {
    // Signing up leads to the login page, so both remember where the member wanted to be.
    rememberReturnPath(`${location.pathname}${location.search}`);
    onOpenChange(false);
    void navigate(to);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MSG.loginRequiredTitle}
      description={MSG.loginRequiredBody}
      showClose
    >
      <div className="mt-6 flex gap-2">
        <Button variant="secondary" block onClick={() => go("/signup")}>
          {UI.signup}
        </Button>
        <Button block onClick={() => go("/login")}>
          {UI.login}
        </Button>
      </div>
    </Dialog>
  );
}
