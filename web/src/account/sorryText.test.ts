import { notQualifiedText, sorryBackPath, sorryMessage } from './sorryText';

const params = (query: string) => new URLSearchParams(query);

describe('sorryMessage', () => {
  it('shows the decoded message parameter', () => {
    expect(sorryMessage(params('message=Test%20message'))).toBe('Test message');
    // encoded twice by a caller
    expect(sorryMessage(params('message=Order%2520not%2520found.'))).toBe('Order not found.');
    // a literal % that is not an escape stays as is
    expect(sorryMessage(params('message=100%25%20sure'))).toBe('100% sure');
  });

  it('maps the reason when there is no message', () => {
    expect(sorryMessage(params('reason=validation_error'))).toBe(
      'There was an error validating your request.',
    );
    expect(sorryMessage(params('reason=invalid_order_status'))).toBe(
      'Your order status is not valid for this action.',
    );
    expect(sorryMessage(params('reason=something_else'))).toBe(notQualifiedText);
    expect(sorryMessage(params(''))).toBe(notQualifiedText);
  });

  it('prefers the message over the reason', () => {
    expect(sorryMessage(params('reason=validation_error&message=Hello'))).toBe('Hello');
  });

  it('has the spec text as default', () => {
    expect(notQualifiedText).toBe(
      "We're Sorry. Based on the information you provided, you currently do not qualify for our programs.",
    );
  });
});

describe('sorryBackPath', () => {
  it('returns an in-app redirect path, otherwise /', () => {
    expect(sorryBackPath(params('redirect=%2Fweight-loss-plan'))).toBe('/weight-loss-plan');
    expect(sorryBackPath(params(''))).toBe('/');
    expect(sorryBackPath(params('redirect=https%3A%2F%2Fevil.example'))).toBe('/');
    expect(sorryBackPath(params('redirect=%2F%2Fevil.example'))).toBe('/');
  });
});
