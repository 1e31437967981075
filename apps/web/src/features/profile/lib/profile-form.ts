// The profile edit form's rules (API.md §1.7, PATCH /api/users/me) checked before sending, and the server's codes
// mapped to Korean messages on the right field.
import {
  codePointLength,
  errorMessage,
  MSG,
  type Me,
  type PatchMeRequest,
  PROFILE_URL_MAX,
  STATUS_MESSAGE_MAX,
  isValidUsername,
} from "@moviepedia/contract";
import { isApiError } from "../../../shared/lib/api";
import { PROFILE } from "../strings";

export interface ProfileFormValues {
  username: string;
  statusMessage: string;
  avatarUrl: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues | "form", string>>;

/** Generated art (`/media/avatar/…`) is no address the member chose: the field starts empty then. */
export function initialValues(me: Pick<Me, "username" | "status_message" | "profile_url">): ProfileFormValues {
  return {
    username: me.username,
    statusMessage: me.status_message ?? "",
    avatarUrl: /^https:\/\//i.test(me.profile_url) ? me.profile_url : "",
  };
}

function isHttpsUrl(value: string): boolean {
  if (codePointLength(value) > PROFILE_URL_MAX) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

export function validate(values: ProfileFormValues, currentUsername: string): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  // The current name is always accepted (social accounts may carry one the signup rule would refuse).
  if (values.username !== currentUsername && !isValidUsername(values.username)) errors.username = MSG.usernameRule;
  if (codePointLength(values.statusMessage) > STATUS_MESSAGE_MAX) errors.statusMessage = PROFILE.statusTooLong;
  const url = values.avatarUrl.trim();
  if (url !== "" && !isHttpsUrl(url)) errors.avatarUrl = PROFILE.avatarInvalid;
  return errors;
}

/**
 * The PATCH body. An avatar address left as it started is not sent, so saving the form never undoes an uploaded
 * picture (whose `/media/avatars/…` address the field does not show).
 */
export function toRequest(values: ProfileFormValues, initialAvatarUrl = ""): PatchMeRequest {
  const url = values.avatarUrl.trim();
  return {
    username: values.username,
    status_message: values.statusMessage.trim() === "" ? null : values.statusMessage,
    ...(url === initialAvatarUrl.trim() ? {} : { profile_url: url === "" ? null : url }),
  };
}

export function serverErrors(error: unknown): ProfileFormErrors {
  if (!isApiError(error)) return { form: PROFILE.saveFailed };
  switch (error.code) {
    case "USERNAME_TAKEN":
      return { username: errorMessage(error.code) };
    case "TEXT_TOO_LONG":
      return { statusMessage: PROFILE.statusTooLong };
    case "INVALID_FIELD":
      return { form: errorMessage(error.code) };
    default:
      return { form: error.status === 0 || error.status >= 500 ? PROFILE.saveFailed : errorMessage(error.code) };
  }
}
