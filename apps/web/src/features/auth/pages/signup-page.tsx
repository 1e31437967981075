// /signup: name, ID and password (twice). Success shows SPEC §8's message in the app's toast and goes to /login with
// the new ID filled in.
import { MSG } from "@moviepedia/contract";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../../shared/ui/page-header";
import { showToast } from "../../../shared/ui/toast";
import type { LoginPageState } from "./login-page";
import { SignupFormView } from "../components/signup-form";
import { AUTH } from "../strings";

export default function SignupPage() {
  const navigate = useNavigate();
  function onSignedUp(loginId: string) {
    showToast(MSG.signupSuccess);
    void navigate("/login", { state: { loginId } satisfies LoginPageState });
  }
  return (
    <>
      <PageHeader title={AUTH.signupTitle} />
      <div className="mx-auto flex max-w-md flex-col gap-6 px-5 py-8">
        <SignupFormView onSignedUp={onSignedUp} />
        <p className="text-center text-sm text-gray-500">
          {AUTH.haveAccount}{" "}
          <Link to="/login" className="font-semibold text-accent hover:underline">
            {AUTH.toLogin}
          </Link>
        </p>
      </div>
    </>
  );
}
