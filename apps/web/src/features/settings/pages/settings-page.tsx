// /mypage/settings: blocked-user management and logout (SPEC §2), 비밀번호 변경 for local accounts (issue #22),
// 회원 탈퇴 (DESIGN: account deletion), the films marked 관심없어요 with their undo (issue #18), and 데이터 가져오기 /
// 내보내기 (issue #19).
import { ChevronRight, Info, KeyRound, LogOut, UserMinus, UserX } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { authStore, rememberReturnPath, useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import { EmptyState } from "../../../shared/ui/empty-state";
import { PageHeader } from "../../../shared/ui/page-header";
import { ChangePasswordDialog } from "../components/change-password-dialog";
import { DismissedMovies } from "../../rating";
import { DataExport } from "../components/data-export";
import { DataImport } from "../components/data-import";
import { DeleteAccountDialog } from "../components/delete-account-dialog";
import { SETTINGS } from "../strings";

const ROW =
  "flex w-full items-center gap-3 px-5 py-4 text-left text-[15px] text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent";

export default function SettingsPage() {
  const { isLoggedIn, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (!isLoggedIn) {
    return (
      <>
        <PageHeader title={SETTINGS.title} />
        <EmptyState message={SETTINGS.loginNeeded}>
          <Button
            onClick={() => {
              rememberReturnPath(location.pathname);
              void navigate("/login");
            }}
          >
            {SETTINGS.login}
          </Button>
        </EmptyState>
        <Link to="/about" className={`${ROW} border-t border-gray-100`}>
          <Info aria-hidden size={20} className="text-gray-500" />
          <span className="flex-1">{SETTINGS.about}</span>
          <ChevronRight aria-hidden size={18} className="text-gray-300" />
        </Link>
      </>
    );
  }

  return (
    <>
      <PageHeader title={SETTINGS.title} />
      <ul className="divide-y divide-gray-100">
        <li>
          <Link to="/mypage/settings/block" className={ROW}>
            <UserX aria-hidden size={20} className="text-gray-500" />
            <span className="flex-1">{SETTINGS.blockedUsers}</span>
            <ChevronRight aria-hidden size={18} className="text-gray-300" />
          </Link>
        </li>
        {user?.login_type === "local" ? (
          <li>
            <button
              type="button"
              className={ROW}
              onClick={() => {
                setNotice(null);
                setChangingPassword(true);
              }}
            >
              <KeyRound aria-hidden size={20} className="text-gray-500" />
              <span className="flex-1">{SETTINGS.changePassword}</span>
              <ChevronRight aria-hidden size={18} className="text-gray-300" />
            </button>
          </li>
        ) : null}
        <li>
          <Link to="/about" className={ROW}>
            <Info aria-hidden size={20} className="text-gray-500" />
            <span className="flex-1">{SETTINGS.about}</span>
            <ChevronRight aria-hidden size={18} className="text-gray-300" />
          </Link>
        </li>
        <li>
          <button type="button" className={ROW} onClick={() => setConfirming(true)}>
            <LogOut aria-hidden size={20} className="text-gray-500" />
            <span className="flex-1">{SETTINGS.logout}</span>
          </button>
        </li>
        <li>
          <button type="button" className={ROW} onClick={() => setDeleting(true)}>
            <UserMinus aria-hidden size={20} className="text-gray-500" />
            <span className="flex-1 text-red-600">{SETTINGS.deleteAccount}</span>
          </button>
        </li>
      </ul>
      {notice ? (
        <p role="status" className="mx-5 mt-4 rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-700">
          {notice}
        </p>
      ) : null}
      <ChangePasswordDialog
        open={changingPassword}
        onOpenChange={setChangingPassword}
        onChanged={() => setNotice(SETTINGS.passwordChanged)}
      />
      <DataImport />
      <DataExport />
      {user ? <DismissedMovies userId={user.id} /> : null}
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} loginType={user?.login_type ?? null} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={SETTINGS.logoutConfirmTitle}
        message={SETTINGS.logoutConfirmMessage}
        confirmLabel={SETTINGS.logout}
        onConfirm={async () => {
          await authStore.logout();
          void navigate("/", { replace: true });
        }}
      />
    </>
  );
}
