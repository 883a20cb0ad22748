import {
  apiGet,
  apiPost,
  apiPostForm,
  apiPostJson,
  apiPut,
  type FormFields,
  type RequestOptions,
  type UploadOptions,
} from './client.ts';
import { type ServiceName, serviceBases } from './serviceBases.ts';

export type ServiceClient = {
  /** The service's base address (configuration), e.g. /api/workflow/. */
  base: string;
  get: <T>(path: string, options?: RequestOptions) => Promise<T>;
  post: <T>(path: string, fields?: FormFields, options?: RequestOptions) => Promise<T>;
  /** A POST with a JSON body, for the few calls whose input is a document. */
  postJson: <T>(path: string, body: Record<string, unknown>, options?: RequestOptions) => Promise<T>;
  put: <T>(path: string, fields?: FormFields, options?: RequestOptions) => Promise<T>;
  /** A multipart POST (file uploads). */
  postForm: <T>(path: string, form: FormData, options?: UploadOptions) => Promise<T>;
};

/**
 * The request layer bound to one service's base address: the typed base every service module
 * (src/api/<service>Api.ts) builds its calls on. Paths are relative ("get_user_emails/").
 */
export function serviceClient(service: ServiceName): ServiceClient {
  const base = serviceBases[service];
  return {
    base,
    get: (path, options) => apiGet(`${base}${path}`, options),
    post: (path, fields, options) => apiPost(`${base}${path}`, fields, options),
    postJson: (path, body, options) => apiPostJson(`${base}${path}`, body, options),
    put: (path, fields, options) => apiPut(`${base}${path}`, fields, options),
    postForm: (path, form, options) => apiPostForm(`${base}${path}`, form, options),
  };
}
