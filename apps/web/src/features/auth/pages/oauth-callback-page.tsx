// /oauth/kakao and /oauth/google: read the code (and state), show that the login is being processed, then go to
// the remembered path (or home). A failure is logged and offers the way back to the login page.
import { MSG, OAUTH_PROVIDERS, type OAuthProvider } from "@moviepedia/contract";
import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { takeReturnPath } from "../../../shared/lib/auth";
import { LinkButton } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { completeSocialLogin } from "../api/social-login";
import { AUTH } from "../strings";

function isProvider(value: string | undefined): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value ?? "");
}

function Callback({ provider }: { provider: OAuthProvider }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get("code");
  const state = params.get("state");
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void completeSocialLogin(provider, code, state).then((ok) => {
      if (!current) return;
      if (ok) void navigate(takeReturnPath(), { replace: true });
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [provider, code, state, navigate]);

  if (!failed) return <Loading label={MSG.socialLoginProcessing} className="py-24" />;
  return (
    <div className="flex flex-col items-center gap-4 px-5 py-20">
      <ErrorText>{MSG.socialLoginFailed}</ErrorText>
      <LinkButton to="/login" replace variant="secondary">
        {MSG.backToLogin}
      </LinkButton>
    </div>
  );
}

export default function OAuthCallbackPage() {
  const { provider } = useParams();
  return (
    <>
      <PageHeader title={AUTH.oauthTitle} back={false} />
      {isProvider(provider) ? <Callback provider={provider} /> : <EmptyState message={AUTH.unknownProvider} />}
    </>
  );
}
