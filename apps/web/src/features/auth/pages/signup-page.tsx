// /signup: name, ID and password. Success alerts SPEC §8's message, then goes to /login.
import { MSG } from "@moviepedia/contract";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../../shared/ui/page-header";
import { SignupFormView } from "../components/signup-form";
import { AUTH } from "../strings";

export default function SignupPage() {
  const navigate = useNavigate();
  function onSignedUp() {
    window.alert(MSG.signupSuccess);
    void navigate("/login");
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
