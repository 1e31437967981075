// The owner's menu of a collection page (SPEC §2/§6): 수정 (→ editor) and 삭제 (confirm; a failure names the status).
import { MSG } from "@moviepedia/contract";
import { useQueryClient } from "@tanstack/react-query";
import { MoreVertical, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "../../../shared/lib/api";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import { Dialog } from "../../../shared/ui/dialog";
import { IconButton } from "../../../shared/ui/icon-button";
import { showToast } from "../../../shared/ui/toast";
import { profileQueries } from "../../profile";
import { collectionQueries, deleteCollection } from "../api/collections-api";
import { COLLECTIONS } from "../strings";

const ITEM =
  "flex w-full items-center gap-3 rounded-lg px-3 py-3.5 text-left text-[15px] font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent";

export function OwnerMenu({ collectionId, ownerId }: { collectionId: number; ownerId: number }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  async function remove() {
    try {
      await deleteCollection(collectionId);
    } catch (error) {
      console.error("Failed to delete collection", error);
      showToast(MSG.collectionDeleteFailed(isApiError(error) ? error.status : 0), "error");
      return;
    }
    client.removeQueries({ queryKey: collectionQueries.detail(collectionId).queryKey });
    void client.invalidateQueries({ queryKey: collectionQueries.all });
    void client.invalidateQueries({ queryKey: profileQueries.member(ownerId) });
    void navigate(`/profile/${ownerId}/collections`, { replace: true });
  }

  return (
    <>
      <IconButton label={COLLECTIONS.menu} aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
        <MoreVertical aria-hidden size={22} />
      </IconButton>
      <Dialog open={menuOpen} onOpenChange={setMenuOpen} title={COLLECTIONS.menuTitle} variant="sheet" showClose>
        <ul className="mt-3 flex flex-col">
          <li>
            <button
              type="button"
              className={`${ITEM} text-gray-900`}
              onClick={() => {
                setMenuOpen(false);
                void navigate(`/collections/${collectionId}/edit`);
              }}
            >
              <Pencil aria-hidden size={18} />
              {COLLECTIONS.edit}
            </button>
          </li>
          <li>
            <button
              type="button"
              className={`${ITEM} text-red-600`}
              onClick={() => {
                setMenuOpen(false);
                setConfirmOpen(true);
              }}
            >
              <Trash2 aria-hidden size={18} />
              {COLLECTIONS.delete}
            </button>
          </li>
        </ul>
      </Dialog>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={COLLECTIONS.deleteTitle}
        message={COLLECTIONS.deleteMessage}
        confirmLabel={COLLECTIONS.delete}
        destructive
        onConfirm={remove}
      />
    </>
  );
}
