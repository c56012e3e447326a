import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { doctorMessages } from '@clinic/contracts';
import type { OrderItemsQuery } from '../orderItemsApi';
import { DoctorChat } from './DoctorChat';
import { DoctorProfileCard } from './DoctorProfileCard';
import { availabilityQuery } from './doctorApi';
import './doctor.css';
import { loadChatPanel } from '../../chat';

// The support chat (its socket client and contracts) loads when the patient opens it. Its styles
// (chat.css) come with the portal page, which imports the floating bubble.
const ChatPanel = lazy(loadChatPanel);

/** Spec 002: provider 1 shows its own patient-messaging page instead of the built-in chat. */
const OUTSIDE_MESSAGING_PROVIDER = 1;

/** Spec 002's copy while the configured reply time loads (or when it cannot). */
const fallbackExpectation = "Your doctor replies within 24 hours, and we'll text you when they do.";

/**
 * The portal's Doctor on Demand tab (spec 002; shown only to a patient with a health id): the
 * doctor of the newest visit, how soon they answer, and the chat with them (provider 1's outside
 * messaging page when one is configured, the built-in chat otherwise); and 'Chat with Customer
 * Service', which opens the support chat where the floating bubble would be (the bubble is hidden
 * while this tab is open).
 */
export default function DoctorTab({ query }: { query: OrderItemsQuery }) {
  const orders = useQuery(query);
  const availability = useQuery(availabilityQuery);
  const [supportOpen, setSupportOpen] = useState(false);

  // Orders come newest first: the newest visit is the newest order with an encounter.
  const list = orders.data?.orders ?? [];
  const latest = list.find((order) => order.external_visit_id) ?? list[0];
  const encounterId = latest?.external_visit_id ?? null;
  const messagingUrl = availability.data?.doctor.messagingUrl ?? null;
  const outside = latest?.provider === OUTSIDE_MESSAGING_PROVIDER && messagingUrl !== null;

  return (
    <div className="portal-panel doctor">
      <div className="doctor__head">
        <h2 className="portal-panel__title">Doctor on Demand</h2>
        <p className="portal-panel__note doctor__expect">
          {availability.data?.doctor.expectation ?? fallbackExpectation}
        </p>
      </div>
      {encounterId && <DoctorProfileCard encounterId={encounterId} />}
      {orders.isPending || availability.isPending ? (
        <p className="portal-panel__note" role="status">
          Loading your messages…
        </p>
      ) : outside ? (
        <iframe
          className="doctor__frame"
          title="Message your doctor"
          src={messagingUrl}
          allow="camera; microphone; clipboard-write"
        />
      ) : (
        <DoctorChat encounterId={encounterId} />
      )}
      <div className="doctor__support">
        <p className="portal-panel__note">Questions about an order, billing or shipping?</p>
        <button
          type="button"
          className="button button--secondary doctor__support-button"
          aria-expanded={supportOpen}
          onClick={() => setSupportOpen((was) => !was)}
        >
          {doctorMessages.chatWithSupport}
        </button>
      </div>
      {supportOpen && (
        <div className="chat-widget">
          <Suspense
            fallback={
              <div className="chat-panel chat-panel--loading" role="status">
                Loading chat…
              </div>
            }
          >
            <ChatPanel onClose={() => setSupportOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
