// The identity service as its callers see it: the interface and its HTTP client, without any of
// identity's server code (the in-process implementation is exported by @clinic/identity).
export type { IdentityDirectory } from './identity-directory';
export { HttpIdentityDirectory, IdentityDirectoryError } from './http-identity-directory';
export { patientMessageJobOf } from './patient-messages';
export { requireStaff, staffDisplayName, unnamedStaff, type NamedStaff } from './staff';
