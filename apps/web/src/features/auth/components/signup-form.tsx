// Name, ID and password with SPEC §5's rules (the contract's SignupForm) and SPEC §8's results.
import { zodResolver } from "@hookform/resolvers/zod";
import { errorMessage, MSG, SignupForm } from "@moviepedia/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextField } from "../../../shared/ui/text-field";
import { signup } from "../api/auth-api";
import { AUTH } from "../strings";
import { PasswordField } from "./password-field";

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status === 409) return MSG.signupDuplicate;
  if (isApiError(error) && error.code === "RATE_LIMITED") return errorMessage(error.code);
  return MSG.signupFailed;
}

/** The contract's form plus the password typed again (checked here, never sent). */
const SignupWithConfirm = SignupForm.extend({ password_confirm: z.string() }).refine(
  (values) => values.login_password === values.password_confirm,
  { path: ["password_confirm"], message: AUTH.passwordMismatch },
);
type SignupWithConfirm = z.infer<typeof SignupWithConfirm>;

export function SignupFormView({ onSignedUp }: { onSignedUp: (loginId: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupWithConfirm>({
    resolver: zodResolver(SignupWithConfirm),
    defaultValues: { username: "", login_id: "", login_password: "", password_confirm: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { username, login_id, login_password } = values;
      await signup({ username, login_id, login_password });
      onSignedUp(login_id);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label={AUTH.username}
        autoComplete="nickname"
        autoCapitalize="none"
        spellCheck={false}
        hint={AUTH.usernameHint}
        error={errors.username?.message}
        {...register("username")}
      />
      <TextField
        label={AUTH.loginId}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={AUTH.loginIdHint}
        error={errors.login_id?.message}
        {...register("login_id")}
      />
      <PasswordField
        label={AUTH.password}
        autoComplete="new-password"
        hint={AUTH.passwordHint}
        error={errors.login_password?.message}
        {...register("login_password")}
      />
      <PasswordField
        label={AUTH.passwordConfirm}
        autoComplete="new-password"
        error={errors.password_confirm?.message}
        {...register("password_confirm")}
      />
      <Button type="submit" size="lg" block disabled={isSubmitting} className="mt-2">
        {isSubmitting ? AUTH.submitting : AUTH.signupButton}
      </Button>
      {failure ? <ErrorText className="text-center">{failure}</ErrorText> : null}
    </form>
  );
}
