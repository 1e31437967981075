// The social-login part of /login: a button per configured provider (full-page navigation to /api/auth/{provider})
// and a tip naming them. Providers the server does not offer are not shown at all; with none, the section is absent.
import { endpoints, type OAuthProvider } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { pathOf } from "../../../shared/lib/api";
import { authQueries } from "../api/auth-api";
import { AUTH } from "../strings";

const PROVIDERS: OAuthProvider[] = ["kakao", "google"];

const LOOKS: Record<OAuthProvider, { label: string; name: string; className: string }> = {
  kakao: { label: AUTH.kakao, name: AUTH.kakaoName, className: "bg-[#FEE500] text-[#191919] hover:bg-[#f5dc00]" },
  google: {
    label: AUTH.google,
    name: AUTH.googleName,
    className: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
  },
};

const BASE =
  "flex h-12 w-full items-center justify-center gap-2 rounded-lg text-[15px] font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

export function SocialLogin() {
  const { data } = useQuery(authQueries.providers());
  const offered = PROVIDERS.filter((provider) => data?.[provider] === true);
  if (offered.length === 0) return null;
  return (
    <section aria-label={AUTH.socialDivider} className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-gray-500" role="separator">
        <span className="h-px flex-1 bg-gray-200" />
        {AUTH.socialDivider}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div className="flex flex-col gap-2.5">
        {offered.map((provider) => (
          <a
            key={provider}
            href={pathOf(endpoints.oauth.start, { provider })}
            className={`${BASE} ${LOOKS[provider].className}`}
          >
            {LOOKS[provider].label}
          </a>
        ))}
      </div>
      <p className="flex gap-2 rounded-lg bg-gray-50 p-3 text-[13px] leading-relaxed text-gray-600">
        <Info aria-hidden size={16} className="mt-0.5 shrink-0 text-gray-500" />
        <span>{AUTH.socialTip(offered.map((provider) => LOOKS[provider].name))}</span>
      </p>
    </section>
  );
}
