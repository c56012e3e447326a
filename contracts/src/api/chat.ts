/**
 * The live chat (spec 000 "Chat"; issue 18): chat profiles for visitors, the socket.io events the
 * widget and the support console speak, the staffed hours patients are shown, and the support
 * inbox of the staff console (paths ours, BRIEF section 2).
 */
import { z } from 'zod';
import {
  controlCharacterMessage,
  multiLinePattern,
  numeric,
  requiredText,
  rowId,
  text,
} from './fields';
import { chatLimits, messageTooLong } from '../rules/messages';
import { defineRoute } from './route';

/** Spec 000 sections 8 and 9, verbatim, and ours where the spec leaves the server's words open. */
export const chatMessages = {
  registrationFailed: 'An error occurred while creating chat profile.',
  existingUser: 'Existing user found.',
  loginFailed: 'Login failed. Please try again.',
  userNotInitialized: 'User not initialized',
  sendFailed: 'Failed to send message. Please try again.',
  /** Ours: what the server says to a message it refuses. */
  tooLong: messageTooLong,
  blank: 'Please write a message.',
  notYours: 'You can only chat in your own conversation.',
  notSignedIn: 'Please log in, or tell us your name and email, to chat.',
  profileCreated: 'Chat profile created.',
  registrationNeedsName: 'Please enter your first and last name.',
  registrationNeedsEmail: 'Please enter a valid email address',
  /** Support console. */
  conversationNotFound: 'No such conversation.',
  watchFailed: 'New messages of this chat cannot be shown live right now. Reload to see them.',
  claimedByOther: 'Another agent is answering this chat.',
  conversationClosed: 'This chat is closed.',
  patientNotFound: 'No such patient.',
  /** The system lines a conversation shows staff (spec 000: history hides system messages). */
  joined: (agent: string) => `${agent} joined the chat.`,
  closedBy: (agent: string) => `${agent} closed the chat.`,
} as const;

/** The socket.io path the widget and the console connect to (the gateway's own address). */
export const chatSocketPath = '/socket.io';

/** The events of spec 000 section 7, and the console's (ours). */
export const chatEvents = {
  initUser: 'init_user',
  chatMessage: 'chat message',
  loadHistory: 'load_history',
  online: 'online',
  /** Server to client. */
  message: 'chat_message',
  history: 'history',
  error: 'error',
  ready: 'ready',
  /** Server to support staff: the inbox changed (a new message, a claim, a close). */
  inboxChanged: 'inbox_changed',
  /** Support staff: watch one conversation live. */
  watch: 'watch_conversation',
} as const;

/** A chat message as the widget reads it (spec 000 section 3: role, content, timestamp). */
export const chatRoles = ['user', 'assistant', 'system'] as const;
export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  role: z.enum(chatRoles),
  content: z.string(),
  /** ISO 8601; the widget shows it as HH:mm. */
  timestamp: z.string(),
  /** The agent's first name on an answer; null otherwise. */
  author: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What one person's text must be: not blank, at most 256 characters (spec 000 section 5). */
export const chatText = z
  .string()
  .max(chatLimits.messageMax, chatMessages.tooLong)
  .regex(multiLinePattern, controlCharacterMessage)
  .regex(/\S/, chatMessages.blank);

/** An id as a client may send it: the spec gives no type, so "12" and 12 are the same. */
const looseId = z.union([z.number().int(), z.string().max(64)]).transform((v) => String(v));

/** `init_user` (id, name, email): the widget says who it is; it must be who the socket is. */
export const initUserPayloadSchema = z.object({
  id: looseId,
  name: text(120).optional(),
  email: text(256).optional(),
});

/** `chat message` (userId, message); clientId lets a resend after a reconnect count once. */
export const chatMessagePayloadSchema = z.object({
  userId: looseId,
  message: chatText,
  clientId: text(64).optional(),
});

/** The answer to an emit that carries an acknowledgement callback. */
export type ChatAck = { ok: true; message: ChatMessage } | { ok: false; error: string };

/** Who the socket authenticated as: the widget's `init_user` id must be this one. */
export const chatParticipantSchema = z.object({
  kind: z.enum(['patient', 'visitor']),
  id: z.number().int(),
  name: z.string(),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

/** `ready`: the socket joined its conversation. */
export const chatReadySchema = z.object({ participant: chatParticipantSchema });

/** Spec 000 section 7: POST /api/chat-user. */
export const chatUserRequestSchema = z.object({
  first_name: requiredText(50, chatMessages.registrationNeedsName),
  last_name: requiredText(50, chatMessages.registrationNeedsName),
  email: text(256)
    .trim()
    .toLowerCase()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, chatMessages.registrationNeedsEmail),
  source_web: z.union([z.literal(2), z.literal('2')]).optional(),
  user_type: z.literal('chat').optional(),
});

export const chatUserResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    message: z.string(),
    /** The visitor's chat profile; chat_token opens its socket (kept by the browser). */
    user: z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      chat_token: z.string(),
    }),
  }),
  /** The email belongs to an account: the widget sends the visitor to log in. */
  z.object({ status: z.literal('exists'), message: z.literal(chatMessages.existingUser) }),
]);
export type ChatUserResponse = z.infer<typeof chatUserResponseSchema>;

export const chatUser = defineRoute({
  method: 'post',
  path: '/api/chat-user',
  service: 'chat',
  auth: 'public',
  summary:
    'Registers a visitor\'s chat profile (first and last name, email); an email that has an account answers "Existing user found." so the visitor logs in instead.',
  body: chatUserRequestSchema,
  response: chatUserResponseSchema,
});

/** When people answer, and how fast, as the patient is told (issue 18; from configuration). */
export const chatAvailabilitySchema = z.object({
  status: z.literal('success'),
  chat: z.object({
    staffedNow: z.boolean(),
    /** "Monday to Friday, 8 AM to 8 PM Pacific Time". */
    hours: z.string(),
    /** What the patient may expect now: minutes while staffed, the next opening otherwise. */
    expectation: z.string(),
  }),
  doctor: z.object({
    expectation: z.string(),
    /**
     * Spec 002: provider 1 shows an outside patient-messaging page instead of the built-in
     * chat; its address (DOCTOR_MESSAGING_URL), or null when none is configured.
     */
    messagingUrl: z.string().nullable(),
  }),
});
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;

export const chatAvailability = defineRoute({
  method: 'get',
  path: '/api/chat-availability',
  service: 'chat',
  auth: 'public',
  summary:
    "The support chat's staffed hours in the clinic's time zone, whether it is staffed now, and the reply time to expect from support and from the doctor.",
  response: chatAvailabilitySchema,
});

/** The support inbox (console, role support). */
export const conversationStatuses = ['waiting', 'claimed', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];
export const inboxViews = ['waiting', 'mine', 'closed'] as const;

export const conversationSummarySchema = z.object({
  conversationId: z.number().int(),
  participant: chatParticipantSchema,
  email: z.string(),
  status: z.enum(conversationStatuses),
  /** Since when the person's first unanswered message waits; null when answered. */
  waitingSince: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastMessage: z.string().nullable(),
  /** The widget pinged within the last few minutes. */
  online: z.boolean(),
  claimedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const supportInbox = defineRoute({
  method: 'get',
  path: '/api/console/support/conversations',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['support'],
  summary:
    "The support inbox: conversations waiting for an answer (oldest first), the caller's claimed ones, or the recently closed.",
  query: z.object({ view: z.enum(inboxViews).default('waiting') }),
  response: z.object({
    status: z.literal('success'),
    conversations: z.array(conversationSummarySchema),
  }),
});

const conversationParams = z.object({ conversationId: numeric(rowId()) });

export const conversationDetailSchema = z.object({
  conversation: conversationSummarySchema,
  messages: z.array(chatMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

const conversationAnswer = z
  .object({ status: z.literal('success') })
  .extend(conversationDetailSchema.shape);

export const supportConversation = defineRoute({
  method: 'get',
  path: '/api/console/support/conversations/:conversationId',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['support'],
  summary: 'One conversation with every message (system lines included); the read is audited.',
  params: conversationParams,
  response: conversationAnswer,
});

export const claimConversation = defineRoute({
  method: 'post',
  path: '/api/console/support/conversations/:conversationId/claim',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['support'],
  summary: 'Claims a waiting conversation for the caller (409 when another agent has it).',
  params: conversationParams,
  response: conversationAnswer,
});

export const replyConversation = defineRoute({
  method: 'post',
  path: '/api/console/support/conversations/:conversationId/messages',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['support'],
  summary:
    'Answers the person live (claiming the conversation if nobody has); 409 when another agent has it.',
  params: conversationParams,
  body: z.object({ message: chatText }),
  response: conversationAnswer,
});

export const closeConversation = defineRoute({
  method: 'post',
  path: '/api/console/support/conversations/:conversationId/close',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['support'],
  summary: "Closes the conversation; the person's next message opens it again.",
  params: conversationParams,
  response: conversationAnswer,
});

/** A patient's account as support opens it: who they are and their conversation, if any. */
export const supportAccountSchema = z.object({
  participant: chatParticipantSchema,
  email: z.string(),
  /** The patient's conversation with support; null before their first message. */
  conversationId: z.number().int().nullable(),
});
export type SupportAccount = z.infer<typeof supportAccountSchema>;

export const supportPatientAccount = defineRoute({
  method: 'get',
  path: '/api/console/support/accounts/:userId',
  service: 'chat',
  auth: 'staff',
  staffRoles: ['support'],
  summary:
    "A patient's account as support opens it from an order: name, email and their conversation (null before their first message); 404 for anyone who is not a patient. The read is audited.",
  params: z.object({ userId: numeric(rowId()) }),
  response: z.object({ status: z.literal('success'), account: supportAccountSchema }),
});
