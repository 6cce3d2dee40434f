/**
 * The signed-in staff account: GET /me on start (the cookie survives a reload), the login reply
 * afterwards. The CSRF token of the session goes to the API layer.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '../../contract/admin/permissions.ts';
import { api, ApiFailure, setCsrfToken } from './api.ts';
import type { Session } from './types.ts';

interface SessionState {
  session: Session | null;
  loading: boolean;
  can: (permission: Permission) => boolean;
  signedIn: (session: Session) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);
export const ME_KEY = ['me'] as const;

async function fetchMe(): Promise<Session | null> {
  try {
    const session = await api.get<Session>('/me');
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiFailure && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const me = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: Infinity, retry: false });
  const session = me.data ?? null;
  const state: SessionState = {
    session,
    loading: me.isPending,
    can: (permission) => session?.permissions.includes(permission) ?? false,
    signedIn: (next) => {
      setCsrfToken(next.csrfToken);
      client.setQueryData(ME_KEY, next);
    },
    signOut: async () => {
      try {
        await api.post('/logout');
      } finally {
        setCsrfToken('');
        // Signed out: no one's data stays cached. (`clear()` would leave the mounted /me
        // observer on its old query, still showing the account.)
        client.setQueryData(ME_KEY, null);
        client.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
      }
    },
  };
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
