// What a visitor sees on the editor routes: a login prompt (the overlay remembers this page for after login).
import { LogIn } from "lucide-react";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { UI } from "../../../shared/ui/strings";
import { COLLECTIONS } from "../strings";

export function LoginToEdit() {
  const requireLogin = useRequireLogin();
  return (
    <EmptyState icon={<LogIn aria-hidden size={40} />} message={COLLECTIONS.loginToCreate}>
      <Button onClick={() => requireLogin()}>{UI.login}</Button>
    </EmptyState>
  );
}
