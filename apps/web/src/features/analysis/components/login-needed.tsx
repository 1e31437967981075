// A visitor on a member-only page: the reason and a 로그인 button that brings them back here afterwards.
import { useLocation, useNavigate } from "react-router";
import { rememberReturnPath } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ANALYSIS } from "../strings";

export function LoginNeeded({ message }: { message: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <EmptyState message={message}>
      <Button
        onClick={() => {
          rememberReturnPath(`${location.pathname}${location.search}`);
          void navigate("/login");
        }}
      >
        {ANALYSIS.login}
      </Button>
    </EmptyState>
  );
}
