/**
 * Refusals: why an order was not accepted. Every code is listed in
 * docs/refusal-codes.md with the case it enforces.
 */
import type { Refusal } from '../../types';

export function refuse(
  code: string,
  rule: string,
  message: string,
): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: { code, rule, message } };
}

export function refusal(code: string, rule: string, message: string): Refusal {
  return { code, rule, message };
}
