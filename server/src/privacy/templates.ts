/**
 * Subscribe-message template ids per brand: WeChat's 订阅消息 and Alipay's 订阅消息 (模板消息)
 * are approved per mini-program, and every brand is its own mini-program. Read from
 * SUBSCRIBE_TEMPLATES (JSON: `{ "<brand>": { "wechat": { "<purpose>": "<template id>" },
 * "alipay": { … } } }`); a brand/host/purpose left out has no template, so no subscribe message
 * is asked for or sent there (SMS still goes). Without the variable, sandbox ids for every brand.
 */
export const REMINDER_PURPOSES = ['bill_reminder', 'bill_due_today', 'overdue_notice'] as const;
export type ReminderPurpose = (typeof REMINDER_PURPOSES)[number];
export type MessageHost = 'wechat' | 'alipay';

export type SubscribeTemplates = Record<
  number,
  Partial<Record<MessageHost, Partial<Record<ReminderPurpose, string>>>>
>;

function sandboxTemplates(): SubscribeTemplates {
  const templates: SubscribeTemplates = {};
  for (let brand = 1; brand <= 9; brand += 1) {
    const of = (host: MessageHost) =>
      Object.fromEntries(
        REMINDER_PURPOSES.map((purpose) => [purpose, `sandbox-${host}-${brand}-${purpose}`]),
      );
    templates[brand] = { wechat: of('wechat'), alipay: of('alipay') };
  }
  return templates;
}

/** Parses SUBSCRIBE_TEMPLATES; throws a message naming what is wrong. */
export function subscribeTemplatesFrom(text: string | undefined): SubscribeTemplates {
  if (!text) return sandboxTemplates();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('SUBSCRIBE_TEMPLATES must be JSON');
  }
  if (!parsed || typeof parsed !== 'object')
    throw new Error('SUBSCRIBE_TEMPLATES must be an object');
  const templates: SubscribeTemplates = {};
  for (const [brandKey, hosts] of Object.entries(parsed)) {
    const brand = Number(brandKey);
    if (!Number.isInteger(brand) || brand < 1 || brand > 9 || !hosts || typeof hosts !== 'object')
      throw new Error(`SUBSCRIBE_TEMPLATES: bad brand ${brandKey}`);
    templates[brand] = {};
    for (const [host, purposes] of Object.entries(hosts as Record<string, unknown>)) {
      if ((host !== 'wechat' && host !== 'alipay') || !purposes || typeof purposes !== 'object')
        throw new Error(`SUBSCRIBE_TEMPLATES: bad host ${brandKey}.${host}`);
      const ids: Partial<Record<ReminderPurpose, string>> = {};
      for (const [purpose, id] of Object.entries(purposes as Record<string, unknown>)) {
        if (
          !(REMINDER_PURPOSES as readonly string[]).includes(purpose) ||
          typeof id !== 'string' ||
          !id
        )
          throw new Error(`SUBSCRIBE_TEMPLATES: bad template ${brandKey}.${host}.${purpose}`);
        ids[purpose as ReminderPurpose] = id;
      }
      templates[brand][host] = ids;
    }
  }
  return templates;
}

/** What a reminder says, under our names; a template names its own fields (below). */
export const REMINDER_PARAMS = ['orderId', 'period', 'amount', 'dueDate'] as const;
export type ReminderParam = (typeof REMINDER_PARAMS)[number];

/**
 * Each approved template's own field keys (WeChat's `character_string1`, `amount2`…, Alipay's
 * `keyword1`…), mapped to what they show: SUBSCRIBE_TEMPLATE_FIELDS, JSON
 * `{ "<template id>": { "<template field>": "orderId" | "period" | "amount" | "dueDate" } }`.
 * A template left out gets our names as they are (the sandbox's ids).
 */
export type SubscribeTemplateFields = Record<string, Record<string, ReminderParam>>;

/** Parses SUBSCRIBE_TEMPLATE_FIELDS; throws a message naming what is wrong. */
export function subscribeTemplateFieldsFrom(text: string | undefined): SubscribeTemplateFields {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('SUBSCRIBE_TEMPLATE_FIELDS must be JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('SUBSCRIBE_TEMPLATE_FIELDS must be an object');
  const fields: SubscribeTemplateFields = {};
  for (const [templateId, keys] of Object.entries(parsed)) {
    if (!keys || typeof keys !== 'object' || Array.isArray(keys))
      throw new Error(`SUBSCRIBE_TEMPLATE_FIELDS: bad template ${templateId}`);
    fields[templateId] = {};
    for (const [key, param] of Object.entries(keys as Record<string, unknown>)) {
      if (!(REMINDER_PARAMS as readonly unknown[]).includes(param))
        throw new Error(
          `SUBSCRIBE_TEMPLATE_FIELDS: ${templateId}.${key} must be one of ${REMINDER_PARAMS.join(', ')}`,
        );
      fields[templateId][key] = param as ReminderParam;
    }
  }
  return fields;
}

/** A reminder's values under the template's own field keys. */
export function templateData(
  fields: SubscribeTemplateFields,
  templateId: string,
  params: Record<ReminderParam, string>,
): Record<string, string> {
  const keys = fields[templateId];
  if (!keys) return { ...params };
  return Object.fromEntries(Object.entries(keys).map(([key, param]) => [key, params[param]]));
}
