// Form schemas of SPEC §5 with their Korean messages; the web forms use them with react-hook-form.
import { z } from "zod";
import { LOGIN_ID_REGEX, PASSWORD_MAX, PASSWORD_MIN, isValidPassword, isValidUsername } from "./limits.js";
import { MSG } from "./messages.js";

export const LoginForm = z.object({
  login_id: z.string().regex(LOGIN_ID_REGEX, MSG.loginIdInvalid),
  login_password: z
    .string()
    .refine((v) => [...v].length >= PASSWORD_MIN && [...v].length <= PASSWORD_MAX, MSG.passwordLength),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const SignupForm = z.object({
  username: z.string().refine(isValidUsername, MSG.usernameRule),
  login_id: z.string().regex(LOGIN_ID_REGEX, MSG.loginIdInvalid),
  login_password: z.string().refine(isValidPassword, MSG.passwordRule),
});
export type SignupForm = z.infer<typeof SignupForm>;
