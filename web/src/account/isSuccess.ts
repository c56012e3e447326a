/** Whether a 2xx answer says `status: 'success'` (a 2xx can still carry another status). */
export function isSuccess(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { status?: unknown }).status === 'success'
  );
}
