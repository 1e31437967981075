// Test factories: real rows through the real repositories, and `injectAs(member)` for authenticated calls.
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { hashPassword } from "../../src/modules/auth/passwords.js";
import { insertUser } from "../../src/modules/users/repository.js";
import { toTimestamp } from "../../src/lib/time.js";
import type { TestContext } from "./context.js";

export const DEFAULT_PASSWORD = "abcd1234!";
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export interface TestMember {
  id: number;
  username: string;
  loginId: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export async function createMember(
  ctx: TestContext,
  overrides: { username?: string; loginId?: string } = {},
): Promise<TestMember> {
  sequence++;
  const username = overrides.username ?? `member_${sequence}_${Math.random().toString(36).slice(2, 6)}`;
  const loginId = overrides.loginId ?? `login_${sequence}_${Math.random().toString(36).slice(2, 6)}`;
  passwordHash ??= hashPassword(DEFAULT_PASSWORD);
  const user = await insertUser(ctx.db, {
    username,
    username_lower: username.toLowerCase(),
    login_id: loginId,
    login_id_lower: loginId.toLowerCase(),
    password_hash: await passwordHash,
    login_type: "local",
    profile_url: null,
    status_message: null,
    created_at: toTimestamp(ctx.clock.now()),
  });
  const tokens = await ctx.services.auth.startSession(user.id);
  return {
    id: user.id,
    username,
    loginId,
    password: DEFAULT_PASSWORD,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
  };
}

export function injectAs(ctx: TestContext, member: Pick<TestMember, "accessToken"> | null) {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      ...options,
      headers: {
        ...(member ? { authorization: `Bearer ${member.accessToken}` } : {}),
        ...(options.headers ?? {}),
      },
    });
}
