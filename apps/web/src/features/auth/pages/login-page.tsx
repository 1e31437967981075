// /login: ID and password, link to signup, and the configured social logins with a tip naming them. After login the member
// returns to the remembered path (or home).
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { authStore, takeReturnPath } from "../../../shared/lib/auth";
import { PageHeader } from "../../../shared/ui/page-header";
import { LoginFormView } from "../components/login-form";
import { SocialLogin } from "../components/social-buttons";
import { AUTH } from "../strings";

/** Router state a page may hand to /login: sign-up passes the new login ID, which the form starts with. */
export interface LoginPageState {
  loginId?: string;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const state = useLocation().state as LoginPageState | null;
  // Only a member who arrives logged in is sent away; logging in here must not race the return-path redirect.
  const [arrivedLoggedIn] = useState(() => authStore.getState().isLoggedIn);
  // The header shows the member as soon as the tokens are kept, before the login finishes: a member who clicks
  // elsewhere meanwhile has left this page, and is not sent back to the return path when it does finish.
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);
  if (arrivedLoggedIn) return <Navigate to="/" replace />;

  return (
    <>
      <PageHeader title={AUTH.loginTitle} />
      <div className="mx-auto flex max-w-md flex-col gap-6 px-5 py-8">
        <LoginFormView
          initialLoginId={state?.loginId ?? ""}
          onLoggedIn={() => {
            if (here.current) void navigate(takeReturnPath(), { replace: true });
          }}
        />
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
