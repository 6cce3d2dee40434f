/** Kysely's view of the live WeChat tables (migration 0007_wechat_live.sql), merged into `Database`. */
import type { DefaultedTimestamp, Timestamp } from '../../db/schema.ts';
import type { Generated } from 'kysely';

export interface WechatAccessTokensTable {
  app_id: string;
  /** The token sealed under DATA_ENCRYPTION_KEY (sealed.ts); '' before the first fetch. */
  access_token_sealed: Generated<string>;
  expires_at: DefaultedTimestamp;
  refreshed_at: Timestamp | null;
}

export interface WechatTables {
  wechat_access_tokens: WechatAccessTokensTable;
}

declare module '../../db/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends WechatTables {}
}
