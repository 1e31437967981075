// /login: ID and password, link to signup, and the configured social logins with a tip naming them. After login the member
// returns to the remembered path (or home).
import { useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { authStore, takeReturnPath } from "../../../shared/lib/auth";
import { PageHeader } from "../../../shared/ui/page-header";
import { LoginFormView } from "../components/login-form";
import { SocialLogin } from "../components/social-buttons";
import { AUTH } from "../strings";

export default function LoginPage() {
  const navigate = useNavigate();
  // Only a member who arrives logged in is sent away; logging in here must not race the return-path redirect.
  const [arrivedLoggedIn] = useState(() => authStore.getState().isLoggedIn);
  if (arrivedLoggedIn) return <Navigate to="/" replace />;

  return (
    <>
      <PageHeader title={AUTH.loginTitle} />
      <div className="mx-auto flex max-w-md flex-col gap-6 px-5 py-8">
        <LoginFormView onLoggedIn={() => void navigate(takeReturnPath(), { replace: true })} />
        <p className="text-center text-sm text-gray-500">
          {AUTH.noAccount}{" "}
          <Link to="/signup" className="font-semibold text-accent hover:underline">
            {AUTH.toSignup}
          </Link>
        </p>
        <SocialLogin />
      </div>
    </>
  );
}
