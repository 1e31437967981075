// SPEC §2/§8 share: copies the collection's address and says (in the app's toast) whether it worked.
import { MSG } from "@moviepedia/contract";
import { showToast } from "../../../shared/ui/toast";

export function collectionLink(collectionId: number): string {
  return `${window.location.origin}/collections/${collectionId}`;
}

/** Copies the link with the Clipboard API (missing on insecure origins, refused without permission). */
export async function shareCollection(collectionId: number): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error("Clipboard API unavailable");
    await navigator.clipboard.writeText(collectionLink(collectionId));
    showToast(MSG.linkCopied);
    return true;
  } catch (error) {
    console.error("Failed to copy link", error);
    showToast(MSG.linkCopyFailed, "error");
    return false;
  }
}
