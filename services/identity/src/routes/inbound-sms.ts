/**
 * POST /webhooks/sms: texts patients send to the clinic's number, as the SMS provider (Twilio)
 * posts them. With an auth token configured, a request whose X-Twilio-Signature does not sign
 * the public URL and every posted field is refused (403) before anything is read; without one
 * (the dev mailbox, tests) the route trusts its caller. STOP, START and HELP are answered in
 * TwiML, which the provider delivers as the reply; any other text gets no answer. The sender's
 * number is never logged.
 */
import express, { type Router } from 'express';
import { inboundSms, inboundSmsSchema } from '@clinic/contracts';
import {
  ForbiddenError,
  InvalidRequestError,
  isTwilioSignatureValid,
  type ServiceRuntime,
} from '@clinic/kit';
import {
  setTextUpdatesForPhone,
  smsCommand,
  smsReplies,
  usPhoneDigits,
} from '../domain/text-consent';

export interface InboundSmsOptions {
  /** Where the provider calls us; the signature signs this URL. */
  publicUrl: string;
  /** The provider's auth token (TWILIO_AUTH_TOKEN); unset, signatures are not checked. */
  authToken?: string;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function twiml(reply: string | null): string {
  const message = reply === null ? '' : `<Message>${escapeXml(reply)}</Message>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${message}</Response>`;
}

export function inboundSmsRoute(
  router: Router,
  runtime: ServiceRuntime,
  opts: InboundSmsOptions,
): void {
  router.post(
    inboundSms.path,
    express.urlencoded({ extended: false, limit: '20kb' }),
    async (req, res) => {
      const form = (req.is('application/x-www-form-urlencoded') ? req.body : {}) as Record<
        string,
        string
      >;
      if (opts.authToken !== undefined) {
        const url = `${opts.publicUrl}${req.originalUrl}`;
        if (!isTwilioSignatureValid(opts.authToken, url, form, req.get('X-Twilio-Signature')))
          throw new ForbiddenError('The request is not signed by the SMS provider.');
      }
      const parsed = inboundSmsSchema.safeParse(form);
      if (!parsed.success)
        throw new InvalidRequestError("Send the provider's form: From and Body are required.");
      const command = smsCommand(parsed.data.Body);
      const phone = usPhoneDigits(parsed.data.From);
      let reply: string | null = null;
      if (command === 'help') reply = smsReplies.help(opts.publicUrl);
      else if (command !== null) {
        const on = command === 'start';
        const changed =
          phone === null
            ? 0
            : await setTextUpdatesForPhone(runtime.db, phone, on, runtime.clock.now());
        reply = on && changed === 0 ? smsReplies.startUnknown : smsReplies[command];
      }
      res.type('text/xml').send(twiml(reply));
    },
  );
}
