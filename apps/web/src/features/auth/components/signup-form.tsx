// Name, ID and password with SPEC §5's rules (the contract's SignupForm) and SPEC §8's results.
import { zodResolver } from "@hookform/resolvers/zod";
import { errorMessage, MSG, SignupForm } from "@moviepedia/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextField } from "../../../shared/ui/text-field";
import { signup } from "../api/auth-api";
import { AUTH } from "../strings";

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status === 409) return MSG.signupDuplicate;
  if (isApiError(error) && error.code === "RATE_LIMITED") return errorMessage(error.code);
  return MSG.signupFailed;
}

export function SignupFormView({ onSignedUp }: { onSignedUp: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({
    resolver: zodResolver(SignupForm),
    defaultValues: { username: "", login_id: "", login_password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signup(values);
      onSignedUp();
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
      <TextField
        label={AUTH.password}
        type="password"
        autoComplete="new-password"
        hint={AUTH.passwordHint}
        error={errors.login_password?.message}
        {...register("login_password")}
      />
      <Button type="submit" size="lg" block disabled={isSubmitting} className="mt-2">
        {isSubmitting ? AUTH.submitting : AUTH.signupButton}
      </Button>
      {failure ? <ErrorText className="text-center">{failure}</ErrorText> : null}
    </form>
  );
}
