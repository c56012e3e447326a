/**
 * `page_ref` comes from the URL, so anyone can craft it: only a path inside this app may be
 * followed after login. '//host' and '/\host' are read by browsers as another site, and control
 * characters (tab, newline) are stripped by URL parsers, which could turn '/\t/host' into '//host'.
 */
export function safeInAppPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is rejected here
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
