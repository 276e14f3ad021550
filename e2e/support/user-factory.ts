import { randomBytes, randomInt } from 'node:crypto';
import { endpoints } from '../../contract';
import type { ApiClient } from './api-client';
import type { Outbox } from './outbox';

export interface TestUser {
  /** What the user types into the login form's account field. */
  readonly account: string;
  readonly password: string;
  readonly userId: number;
  /** A session token of the registration, for calls made on the user's behalf. */
  readonly token: string;
  readonly username?: string;
  readonly email?: string;
  readonly phone?: string;
}

const unique = () => randomBytes(5).toString('hex');

/** Fresh, never-used identifiers: every test owns its user, so tests run in any order and in parallel. */
export const freshIdentity = () => {
  const id = unique();
  return {
    username: `e2e_${id}`,
    email: `e2e-${id}@kestrel.example`,
    // A mainland mobile number (1[3-9] and nine digits); the random tail keeps parallel tests apart.
    phone: `139${String(randomInt(100_000_000)).padStart(8, '0')}`,
    password: `Pw-${id}-2026`,
  };
};

/** Creates accounts through the real API, the same calls the SPA makes. */
export class UserFactory {
  constructor(
    private readonly api: ApiClient,
    private readonly outbox: Outbox,
  ) {}

  byUsername(): Promise<TestUser> {
    return this.registerByUsername();
  }

  /** A user signed up with an invite code: the invite trial makes them a member for a while. */
  invitedBy(inviteCode: string): Promise<TestUser> {
    return this.registerByUsername(inviteCode);
  }

  async byEmail(): Promise<TestUser> {
    const { email, password } = freshIdentity();
    const res = await this.registerWithCode('email', email, password);
    return { account: email, email, password, userId: res.userId, token: res.token };
  }

  async byPhone(): Promise<TestUser> {
    const { phone, password } = freshIdentity();
    const res = await this.registerWithCode('phone', phone, password);
    return { account: phone, phone, password, userId: res.userId, token: res.token };
  }

  /** Registers a fresh username, with `inviteCode` when one is given (the field is optional). */
  private async registerByUsername(inviteCode?: string): Promise<TestUser> {
    const { username, password } = freshIdentity();
    const res = await this.api.ok<{ userId: number }>(endpoints.registerTypeUsername.path, {
      username,
      password,
      ...(inviteCode === undefined ? {} : { inviteCode }),
    });
    return {
      account: username,
      username,
      password,
      userId: res.body.data.userId,
      token: need(res.token),
    };
  }

  /** Asks for a code, reads it from the dev outbox and registers with it. */
  private async registerWithCode(channel: 'email' | 'phone', target: string, password: string) {
    await this.api.ok(endpoints.userSendCode.path, { channel, target, purpose: 'register' });
    const code = await this.outbox.waitForCode(target, { purpose: 'register' });
    const res = await this.api.ok<{ userId: number }>(endpoints.registerTypeNormal.path, {
      channel,
      target,
      code,
      password,
    });
    return { userId: res.body.data.userId, token: need(res.token) };
  }
}

function need(token: string | null): string {
  if (!token) throw new Error('The server started a session without a pragma token');
  return token;
}
