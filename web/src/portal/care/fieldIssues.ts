/** The first message of each failing field of a contract schema's check, by the field's name. */
export function fieldIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    out[name] ??= issue.message;
  }
  return out;
}
