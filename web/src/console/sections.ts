import type { ConsoleSectionKey } from '@clinic/contracts';
import type { ConsoleIconName } from './ConsoleIcon';

/**
 * What each console section is for, and what will arrive there once its issue is built. The
 * server decides which sections a role may open (GET /api/console/me); this is only their copy.
 */
export interface SectionCopy {
  /** One line under the title: the work done there. */
  purpose: string;
  /** The empty state's title. */
  emptyTitle: string;
  /** The empty state's text: what will appear. */
  empty: string;
  icon: ConsoleIconName;
}

export const sectionCopy: Record<ConsoleSectionKey, SectionCopy> = {
  'review-queue': {
    purpose: "Review each patient's medical assessment and decide on their treatment.",
    emptyTitle: 'No cases waiting',
    empty: 'Cases waiting for review will appear here.',
    icon: 'clipboard',
  },
  decisions: {
    purpose: 'A record of the assessments you approved or denied.',
    emptyTitle: 'No decisions yet',
    empty: 'Your approvals and denials will appear here.',
    icon: 'check',
  },
  prescriptions: {
    purpose: 'Write the prescription and dose schedule for each approved patient.',
    emptyTitle: 'No prescriptions yet',
    empty: 'Prescriptions and dose schedules you write will appear here.',
    icon: 'prescription',
  },
  'patient-messages': {
    purpose: "Answer your patients' questions about their treatment.",
    emptyTitle: 'No messages yet',
    empty: 'Conversations with your patients will appear here.',
    icon: 'message',
  },
  'chat-inbox': {
    purpose: 'Answer patients who write to support from their portal.',
    emptyTitle: 'No chats waiting',
    empty: 'Patient chats waiting for an answer will appear here.',
    icon: 'inbox',
  },
  'orders-to-place': {
    purpose: 'Place each approved prescription with the pharmacy.',
    emptyTitle: 'No orders to place',
    empty: 'Approved orders waiting to be placed will appear here.',
    icon: 'box',
  },
  shipments: {
    purpose: 'Ship orders with a carrier and tracking number, then mark them delivered.',
    emptyTitle: 'No shipments yet',
    empty: 'Orders to ship and on their way will appear here.',
    icon: 'truck',
  },
  reships: {
    purpose: 'Handle requests to replace missing or damaged items.',
    emptyTitle: 'No reship requests',
    empty: 'Reship requests from patients will appear here.',
    icon: 'refresh',
  },
  'conversion-funnel': {
    purpose: "See how each campaign's visitors move from the quiz to payment.",
    emptyTitle: 'Nothing counted in this range',
    empty: 'No visits, leads or payments were counted between these dates. Try a longer range.',
    icon: 'funnel',
  },
  'live-conversions': {
    purpose: 'Follow each conversion as it happens, with today’s running totals.',
    emptyTitle: 'No conversions yet today',
    empty: 'Leads, payments, approvals and renewals will appear here within a second of happening.',
    icon: 'pulse',
  },
  'affiliate-conversions': {
    purpose:
      'See what each affiliate was told about the orders they referred, and retry a failed call.',
    emptyTitle: 'No affiliate conversions yet',
    empty: 'Orders that arrived with an affiliate conversion id will appear here.',
    icon: 'ticket',
  },
  products: {
    purpose: 'Manage the medications and add-ons patients can buy.',
    emptyTitle: 'No products to manage yet',
    empty: 'The products in the catalog will appear here.',
    icon: 'tag',
  },
  prices: {
    purpose: 'Set the price of each plan and payment term.',
    emptyTitle: 'No prices to manage yet',
    empty: 'Plan prices and payment terms will appear here.',
    icon: 'dollar',
  },
  offers: {
    purpose: 'Manage the offers that landing links choose for each medication.',
    emptyTitle: 'No offers to manage yet',
    empty: 'The offers campaigns link to will appear here.',
    icon: 'sparkle',
  },
  coupons: {
    purpose: 'Create coupon codes and retire old ones.',
    emptyTitle: 'No coupons to manage yet',
    empty: 'Coupons and their discounts will appear here.',
    icon: 'ticket',
  },
  'state-rules': {
    purpose:
      'Choose where the program is offered and which state rules apply: the quiz, checkout and medical forms follow within a second.',
    emptyTitle: 'No state rules',
    empty: 'The per-state rules will appear here.',
    icon: 'shield',
  },
  'staff-accounts': {
    purpose:
      'Invite staff members, set their role, and disable or enable their access. Every staff account logs in with two-factor login.',
    emptyTitle: 'No staff accounts to manage yet',
    empty: 'Staff accounts and their roles will appear here.',
    icon: 'users',
  },
  'privacy-requests': {
    purpose:
      'Verify and answer consumer privacy requests within 45 days of receipt. Every view of this list is recorded.',
    emptyTitle: 'No privacy requests',
    empty: 'Requests from the CCPA Opt-Out page will appear here.',
    icon: 'lock',
  },
  'audit-trail': {
    purpose: 'Every staff read of health information and every decision, newest first.',
    emptyTitle: 'No entries yet',
    empty: 'Reads of patient records and clinical decisions will appear here.',
    icon: 'shield',
  },
};
