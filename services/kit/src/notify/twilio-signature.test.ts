import { isTwilioSignatureValid, twilioSignature } from './twilio-signature';

// The worked example of Twilio's "Webhooks security" page.
const authToken = '12345';
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675310',
  Digits: '1234',
  From: '+14158675310',
  To: '+18005551212',
};

describe("Twilio's request signature", () => {
  it("matches Twilio's documented example", () => {
    expect(twilioSignature(authToken, url, params)).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
  });

  it('refuses a missing signature, a changed field and another token', () => {
    const good = twilioSignature(authToken, url, params);
    expect(isTwilioSignatureValid(authToken, url, params, good)).toBe(true);
    expect(isTwilioSignatureValid(authToken, url, params, undefined)).toBe(false);
    expect(isTwilioSignatureValid(authToken, url, { ...params, Digits: '9999' }, good)).toBe(false);
    expect(isTwilioSignatureValid('54321', url, params, good)).toBe(false);
    expect(isTwilioSignatureValid(authToken, url, params, 'short')).toBe(false);
  });
});
