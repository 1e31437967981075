// DELETE /api/users/me [EXT]: local accounts confirm with their password, social-only accounts send no body.
import { apiFetch } from "../../../shared/lib/api";

export function deleteAccount(password: string | null): Promise<void> {
  return apiFetch<void>("/api/users/me", {
    method: "DELETE",
    auth: "required",
    body: password === null ? undefined : { login_password: password },
  });
}

/** PATCH /api/users/me/password [EXT]: 204; every other session of the member ends, this one stays. */
export function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  return apiFetch<void>("/api/users/me/password", {
    method: "PATCH",
    auth: "required",
    body: { current_password: currentPassword, new_password: newPassword },
  });
}
