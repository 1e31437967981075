// Visitors on a member page: a prompt to log in that brings them back here.
import { useLocation, useNavigate } from "react-router";
import { rememberReturnPath } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { COMMUNITY } from "../strings";

export function LoginToSee() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <EmptyState message={COMMUNITY.loginToSee}>
      <Button
        onClick={() => {
          rememberReturnPath(`${location.pathname}${location.search}`);
          void navigate("/login");
        }}
      >
        {COMMUNITY.login}
      </Button>
    </EmptyState>
  );
}
