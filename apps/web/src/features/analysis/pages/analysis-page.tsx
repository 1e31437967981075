// /analysis: the taste analysis of the logged-in member, default mode (SPEC §2). Visitors are asked to log in.
import { useAuth } from "../../../shared/lib/auth";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { LoginNeeded } from "../components/login-needed";
import { TasteAnalysis } from "../components/taste-analysis";
import { ANALYSIS } from "../strings";

export default function AnalysisPage() {
  const { isLoggedIn, userId } = useAuth();
  if (isLoggedIn && userId !== null) return <TasteAnalysis userId={userId} mode="default" />;
  return (
    <>
      <PageHeader title={ANALYSIS.title} />
      {isLoggedIn ? <Loading /> : <LoginNeeded message={ANALYSIS.loginNeeded} />}
    </>
  );
}
