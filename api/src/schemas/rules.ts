/**
 * Account rules as plain values, free of zod, so the web app can import them into any chunk
 * (the zod schemas in accounts.ts use them).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const TAGNAME_RULE = /^[a-z0-9_]{3,30}$/;
export const TAGNAME_HINT = '3 to 30 characters: lower-case letters, digits and underscores.';
