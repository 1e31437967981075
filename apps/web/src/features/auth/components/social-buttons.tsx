// Kakao and Google buttons (full-page navigation to /api/auth/{provider}); an unconfigured provider's button is
// disabled and says so.
import type { OAuthProvider } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { authQueries } from "../api/auth-api";
import { AUTH } from "../strings";

const LOOKS: Record<OAuthProvider, { label: string; className: string }> = {
  kakao: { label: AUTH.kakao, className: "bg-[#FEE500] text-[#191919] hover:bg-[#f5dc00]" },
  google: { label: AUTH.google, className: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50" },
};

const BASE =
  "flex h-12 w-full items-center justify-center gap-2 rounded-lg text-[15px] font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

function ProviderButton({ provider, enabled }: { provider: OAuthProvider; enabled: boolean | undefined }) {
  const look = LOOKS[provider];
  if (enabled) {
    return (
      <a href={`/api/auth/${provider}`} className={`${BASE} ${look.className}`}>
        {look.label}
      </a>
    );
  }
  return (
    <button type="button" disabled className={`${BASE} ${look.className} cursor-not-allowed opacity-50`}>
      {look.label}
      {/* While the answer is pending the button is only disabled; once known to be off it says so. */}
      {enabled === false ? <span className="text-[13px] font-normal">({AUTH.providerUnavailable})</span> : null}
    </button>
  );
}

export function SocialButtons() {
  const { data } = useQuery(authQueries.providers());
  return (
    <div className="flex flex-col gap-2.5">
      <ProviderButton provider="kakao" enabled={data?.kakao} />
      <ProviderButton provider="google" enabled={data?.google} />
    </div>
  );
}
