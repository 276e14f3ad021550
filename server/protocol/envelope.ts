/** The `{ code, msg, status, data }` envelope every API answer uses (DESIGN §2). */
import { errorMessage, SUCCESS_CODE, type ApiLanguage } from '../../contract';
import { statusOf } from './api-error';

export interface Envelope {
  readonly code: number;
  readonly msg: string;
  readonly status: string;
  readonly data: unknown;
}

export function success(data: unknown): Envelope {
  return { code: SUCCESS_CODE, msg: 'ok', status: 'ok', data };
}

export function failure(code: number, language: ApiLanguage, data: unknown = null): Envelope {
  return { code, msg: errorMessage(code, language, data), status: statusOf(code), data };
}
