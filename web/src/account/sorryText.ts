/** Spec 000, "Disqualification pages": the texts of the /sorry landing page. */
export const notQualifiedText =
  "We're Sorry. Based on the information you provided, you currently do not qualify for our programs.";

export const reasonTexts: Record<string, string> = {
  validation_error: 'There was an error validating your request.',
  invalid_order_status: 'Your order status is not valid for this action.',
};

/** Decodes a value that may have been URL-encoded twice; keeps it as is when not decodable. */
function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What the page says: the decoded `message`, else the text for `reason`, else the default. */
export function sorryMessage(params: URLSearchParams): string {
  const message = params.get('message');
  if (message && message.trim() !== '') return decodeOnce(message);
  const reason = params.get('reason');
  return (reason && reasonTexts[reason]) || notQualifiedText;
}

/** The `redirect` parameter when it is a path inside this app (never another site). */
export function sorryBackPath(params: URLSearchParams): string {
  const redirect = params.get('redirect');
  if (
    redirect &&
    redirect.startsWith('/') &&
    !redirect.startsWith('//') &&
    !redirect.startsWith('/\\')
  ) {
    return redirect;
  }
  return '/';
}
