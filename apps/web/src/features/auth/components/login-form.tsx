// ID and password with SPEC §5's rules (the contract's LoginForm); a failed signin shows SPEC §8's message under
// the form.
import { zodResolver } from "@hookform/resolvers/zod";
import { errorMessage, LoginForm, MSG } from "@moviepedia/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authStore } from "../../../shared/lib/auth";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextField } from "../../../shared/ui/text-field";
import { signin } from "../api/auth-api";
import { AUTH } from "../strings";
import { PasswordField } from "./password-field";

export function LoginFormView({
  onLoggedIn,
  initialLoginId = "",
}: {
  onLoggedIn: () => void;
  initialLoginId?: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    defaultValues: { login_id: initialLoginId, login_password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await authStore.completeLogin(await signin(values));
      if (authStore.getState().isLoggedIn) onLoggedIn();
      else setFailure(MSG.loginFailed);
    } catch (error) {
      const limited = isApiError(error) && error.code === "RATE_LIMITED";
      setFailure(limited ? errorMessage(error.code) : MSG.loginFailed);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label={AUTH.loginId}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.login_id?.message}
        {...register("login_id")}
      />
      <PasswordField
        label={AUTH.password}
        autoComplete="current-password"
        error={errors.login_password?.message}
        {...register("login_password")}
      />
      <Button type="submit" size="lg" block disabled={isSubmitting} className="mt-2">
        {isSubmitting ? AUTH.submitting : AUTH.loginButton}
      </Button>
      {failure ? <ErrorText className="text-center">{failure}</ErrorText> : null}
    </form>
  );
}
