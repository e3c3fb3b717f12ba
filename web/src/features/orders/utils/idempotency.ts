/**
 * A fresh Idempotency-Key (API.md): random, one per form instance, so a double click or a retry
 * after a lost answer creates one order. `crypto.randomUUID` needs a secure context; random
 * bytes do not.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
