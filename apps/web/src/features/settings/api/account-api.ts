// DELETE /api/users/me [EXT]: local accounts confirm with their password, social-only accounts send no body.
import { endpoints } from "@moviepedia/contract";
import { api } from "../../../shared/lib/api";

export function deleteAccount(password: string | null): Promise<void> {
  return api(endpoints.users.deleteMe, { body: password === null ? undefined : { login_password: password } });
}

/** PATCH /api/users/me/password [EXT]: 204; every other session of the member ends, this one stays. */
export function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  return api(endpoints.auth.changePassword, {
    body: { current_password: currentPassword, new_password: newPassword },
  });
}
