/**
 * What the patient is told at each step of a shipment and a reship request, in plain words. Only
 * the pharmacy's own facts go in (order number, dates, carrier, tracking link) and, for a pause
 * or a refusal, the pharmacist's reason written for the patient.
 */
import { reshipWindowDays, trackingUrl, type Carrier } from '@clinic/contracts';
import type { PatientMessageText } from '@clinic/kit';

type PatientEmail = PatientMessageText;

/** "Tuesday, November 24" for a Pacific calendar day (YYYY-MM-DD). */
export function dayInWords(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
}

const storage =
  'Keep your vials in the refrigerator (36–46°F), away from the freezer compartment, and do not use a vial that has been frozen.';

export const shipmentEmails = {
  placed(orderNumber: string, processingDay: string, sameDay: boolean): PatientEmail {
    const when = sameDay ? 'today' : `on ${dayInWords(processingDay)}`;
    return {
      subject: 'Your order is with our pharmacy',
      body: `Your order ${orderNumber} is with our pharmacy and will be processed ${when}. Pharmacy fulfilment takes 2–3 days, except Sundays and holidays.\n\nWe will email you the tracking link as soon as it ships.`,
    };
  },
  resumed(orderNumber: string, processingDay: string): PatientEmail {
    return {
      subject: 'Your order is moving again',
      body: `Good news: your order ${orderNumber} is no longer on hold. Our pharmacy will process it on ${dayInWords(processingDay)}, and we will email you the tracking link as soon as it ships.`,
    };
  },
  paused(orderNumber: string, reason: string, link: (path: string) => string): PatientEmail {
    return {
      subject: 'Your shipment is on hold',
      body: `We have put your order ${orderNumber} on hold for now. Our pharmacist's note:\n\n${reason}\n\nNothing is needed from you unless the note asks for it. Questions? Visit ${link('/support')} and we will help.`,
    };
  },
  shipped(
    orderNumber: string,
    carrier: Carrier,
    trackingNumber: string,
    overnight: boolean,
  ): PatientEmail {
    const how = overnight
      ? 'It travels overnight in an insulated cold pack.'
      : 'It is on its way to you.';
    return {
      subject: 'Your order is on its way',
      body: `Your order ${orderNumber} has shipped with ${carrier}. ${how}\n\nTrack it here: ${trackingUrl(carrier, trackingNumber)} (tracking number ${trackingNumber}).\n\nWhen it arrives, put the vials in the refrigerator right away. ${storage}`,
      text: `your order ${orderNumber} has shipped with ${carrier}. Track it: ${trackingUrl(carrier, trackingNumber)}`,
      alsoEmail: true,
    };
  },
  delivered(orderNumber: string, link: (path: string) => string): PatientEmail {
    return {
      subject: 'Your order was delivered',
      body: `Your order ${orderNumber} was delivered. ${storage}\n\nIf anything is missing or damaged, you can ask for a replacement within ${reshipWindowDays} days of delivery: ${link('/replacement-request')}`,
    };
  },
};

export const reshipEmails = {
  received(orderNumber: string): PatientEmail {
    return {
      subject: 'We received your replacement request',
      body: `Thank you: we received your replacement request for order ${orderNumber}. Our pharmacy team will review it, usually within one business day, and email you with their answer or any question they have.`,
    };
  },
  approved(orderNumber: string, newOrderNumber: string): PatientEmail {
    return {
      subject: 'Your replacement is approved',
      body: `Your replacement request for order ${orderNumber} is approved. The replacement is order ${newOrderNumber}; we will email you the tracking link as soon as it ships, at no cost to you.`,
    };
  },
  refused(orderNumber: string, reason: string, link: (path: string) => string): PatientEmail {
    return {
      subject: 'About your replacement request',
      body: `We reviewed your replacement request for order ${orderNumber} and cannot send a replacement. Our pharmacy team's note:\n\n${reason}\n\nIf you have questions, visit ${link('/support')} and we will help.`,
    };
  },
};

export const refillEmails = {
  checkInDue(orderNumber: string, shipOn: Date, orderId: number, publicUrl: string): PatientEmail {
    const day = shipOn.toLocaleDateString('en-US', {
      timeZone: 'America/Los_Angeles',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    return {
      subject: 'Time for your refill check-in',
      body: `Your next supply, order ${orderNumber}, is due to ship on ${day}. Before it does, please take two minutes to tell your clinician how you are doing: your current weight, any side effects, and the dose you would like next.\n\nStart your check-in here: ${publicUrl}/medical-form/${orderId}\n\nYour clinician reviews it within 24 hours and sets next month's dose; your refill ships once it is approved.`,
      text: `time for your refill check-in. Order ${orderNumber} ships on ${day} once it is done: ${publicUrl}/medical-form/${orderId}`,
      alsoEmail: true,
    };
  },
};
