import { create } from 'zustand';
import { useConsents } from './consent';
import type { SessionToken } from '../../contract/api/login';
import { ResultCode, type Envelope } from '../../contract/http';
import { authGrantType, getAuthCode } from '../platform/auth';
import { http } from '../platform/request';
import {
  getChannelCode,
  getToken,
  getUserInfo,
  removeToken,
  removeUserInfo,
  setToken,
  setUserInfo,
} from '../platform/storage';
import { showMessage } from '../platform/ui';

/**
 * The session: logged out, then logged in once the token is obtained AND the user info is fetched
 * and saved. Token and user info live in storage (per brand for the token); this store mirrors
 * them for the screens and re-renders them on change.
 */

export type SessionStatus = 'loggedOut' | 'loggingIn' | 'loggedIn';

export type UserInfo = Record<string, unknown>;

export interface SessionState {
  status: SessionStatus;
  userInfo: UserInfo | undefined;
  /**
   * Finish a login whose token request has been sent (`loginForAlipay`, `loginForSms`, …):
   * save the token, fetch and save the user info. A reply code other than 200, or a failed user
   * info call, shows the server's msg as a toast without icon and leaves the user logged out.
   */
  completeLogin(tokenReply: Promise<Envelope<SessionToken | null>>): Promise<boolean>;
  /** The mini-program login: the host's auth code, exchanged at /api/login/loginForAlipay. */
  loginWithAuthCode(): Promise<boolean>;
  /** Fetch the user info again (after a profile change). */
  refreshUserInfo(): Promise<boolean>;
  /** Clear token and user info (this brand's token only). */
  logout(): void;
  /** Re-read storage: after the brand changes, or on launch. */
  hydrate(): void;
}

export const USER_INFO_PATH = '/api/user/info';
export const LOGIN_FOR_ALIPAY_PATH = '/api/login/loginForAlipay';

function fromStorage(): Pick<SessionState, 'status' | 'userInfo'> {
  const token = getToken();
  const userInfo = getUserInfo<UserInfo>();
  return token && userInfo
    ? { status: 'loggedIn', userInfo }
    : { status: 'loggedOut', userInfo: undefined };
}

export const useSession = create<SessionState>((set, get) => {
  async function fetchUserInfo(): Promise<boolean> {
    const reply = await http.get<UserInfo | null>(USER_INFO_PATH);
    if (reply.code !== ResultCode.OK || !reply.data) {
      void showMessage(reply.msg);
      return false;
    }
    setUserInfo(reply.data);
    set({ userInfo: reply.data });
    return true;
  }

  return {
    ...fromStorage(),

    async completeLogin(tokenReply) {
      set({ status: 'loggingIn' });
      const reply = await tokenReply;
      const token = reply.code === ResultCode.OK ? reply.data?.token : undefined;
      if (!token) {
        void showMessage(reply.msg);
        set({ status: 'loggedOut', userInfo: undefined });
        return false;
      }
      setToken(token);
      if (!(await fetchUserInfo())) {
        // Half a session is none: without user info the screens cannot work.
        removeToken();
        removeUserInfo();
        set({ status: 'loggedOut', userInfo: undefined });
        return false;
      }
      set({ status: 'loggedIn' });
      return true;
    },

    async loginWithAuthCode() {
      const auth = await getAuthCode();
      if (!auth.ok) return false;
      const channelCode = getChannelCode();
      return get().completeLogin(
        http.post<SessionToken>(
          LOGIN_FOR_ALIPAY_PATH,
          {
            // The server tells the code's issuer by grantType: Alipay's auth code or wx.login's.
            grantType: authGrantType,
            code: auth.code,
            ...(channelCode ? { channelCode } : {}),
          },
          { login: true },
        ),
      );
    },

    async refreshUserInfo() {
      if (!getToken()) return false;
      return fetchUserInfo();
    },

    logout() {
      // The next user's consents are their own.
      useConsents.getState().reset();
      removeToken();
      removeUserInfo();
      set({ status: 'loggedOut', userInfo: undefined });
    },

    hydrate() {
      set(fromStorage());
    },
  };
});

// A reply that ends the session (401, 60001, 60002) has already cleared storage: follow it.
http.onSessionEnd(() => useSession.setState({ status: 'loggedOut', userInfo: undefined }));
