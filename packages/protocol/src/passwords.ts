/**
 * The rule for the passwords of the dashboard's accounts, as the proxy checks it and the
 * dashboard's fields say it before anything is sent.
 */

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt reads any length, but a megabyte of "password" is no password: refused early. */
export const MAX_PASSWORD_LENGTH = 1024;
