import { ONE_CLICK_FIELD, ONE_CLICK_VALUE, unsubUuidSchema } from '../../domain/preferenceSchemas.ts';

export type ListUnsubscribeHeaders = {
  'List-Unsubscribe': string;
  'List-Unsubscribe-Post': string;
};

/**
 * The headers of RFC 2369 and RFC 8058 that every bulk email carries so that mail providers can offer
 * one-click unsubscribe: the one-click URL of the recipient (POST it with List-Unsubscribe=One-Click) and
 * the marker saying that a POST is understood. Throws when the id is not an unsubscribe uuid.
 */
export function listUnsubscribeHeaders(
  publicOrigin: string,
  unsubUuid: string,
  preferenceBase = '/api/preference/',
): ListUnsubscribeHeaders {
  const uuid = unsubUuidSchema.parse(unsubUuid);
  const origin = new URL(publicOrigin).origin;
  const base = `/${preferenceBase.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  return {
    'List-Unsubscribe': `<${origin}${base}one_click/${uuid}/>`,
    'List-Unsubscribe-Post': `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`,
  };
}
