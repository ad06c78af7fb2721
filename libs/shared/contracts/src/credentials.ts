/**
 * Every place a session credential may travel (docs/product/rules.md#R17, docs/product/rules.md#R18). The API reads all of
 * them through one guard; the web app sends the header pair below.
 */
export const CredentialCarriers = {
  headerPairs: [
    { email: 'useremail', token: 'usertoken' },
    { email: 'email', token: 'token' },
  ],
  tokenOnlyHeader: 'access-token',
  fieldPairs: [
    { email: 'storedMail', token: 'storedToken' },
    { email: 'email', token: 'token' },
  ],
} as const;

/** Header names as the web app sends them (HTTP header names are case-insensitive). */
export const WebCredentialHeaders = { email: 'userEmail', token: 'userToken' } as const;

/** Keys of the browser's localStorage, with the names of docs/product/rules.md#R15. */
export const StorageKeys = {
  token: 'token',
  email: 'current_user_email',
  hasGivenEmail: 'hasGivenEmail',
  hasCheckedNewsletter: 'hasCheckedNewsletter',
} as const;
