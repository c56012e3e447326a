/**
 * The support agent's live connection (services/chat realtime): one socket.io connection opened
 * with the staff session's token. It joins the support room, so 'inbox_changed' arrives whenever
 * a conversation changes (the inbox is read again); 'watch_conversation' names the open
 * conversation, whose 'chat_message' events are appended to it as they come. It reconnects by
 * itself, quietly: once back it watches again and reads again what it may have missed.
 */
import {
  chatEvents,
  chatMessageSchema,
  chatSocketPath,
  type ChatMessage,
  type ConversationDetail,
} from '@clinic/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useSession } from '../../session/session';
import { conversationKey, inboxKey } from './supportApi';

/** Adds a message to its conversation once (a reply's answer and its event may both bring it). */
export function appendMessage(client: QueryClient, message: ChatMessage): void {
  client.setQueryData<ConversationDetail>(conversationKey(message.conversationId), (detail) =>
    detail && !detail.messages.some((m) => m.id === message.id)
      ? { ...detail, messages: [...detail.messages, message] }
      : detail,
  );
}

/** A server that refused the handshake is asked again after this long. */
const RETRY_MS = 10_000;

export function useSupportSocket(conversationId: number | null): void {
  const client = useQueryClient();
  const token = useSession()?.token ?? null;
  const socketRef = useRef<Socket | null>(null);
  const openRef = useRef(conversationId);

  useEffect(() => {
    if (!token) return;
    const socket = io({
      path: chatSocketPath,
      transports: ['websocket'],
      auth: { token },
      reconnectionDelay: 1000,
      reconnectionDelayMax: RETRY_MS,
    });
    socketRef.current = socket;
    let connectedBefore = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    socket.on('connect', () => {
      if (openRef.current !== null)
        socket.emit(chatEvents.watch, { conversationId: openRef.current });
      if (connectedBefore) {
        void client.invalidateQueries({ queryKey: inboxKey });
        if (openRef.current !== null)
          void client.invalidateQueries({ queryKey: conversationKey(openRef.current) });
      }
      connectedBefore = true;
    });
    socket.on('connect_error', () => {
      // Refused (not a dropped line): socket.io gives up, so ask again later.
      if (!socket.active) {
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), RETRY_MS);
      }
    });
    socket.on(chatEvents.inboxChanged, () => {
      void client.invalidateQueries({ queryKey: inboxKey });
    });
    socket.on(chatEvents.message, (payload: unknown) => {
      const message = chatMessageSchema.safeParse(payload);
      if (message.success) appendMessage(client, message.data);
    });

    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.close();
      socketRef.current = null;
    };
  }, [token, client]);

  useEffect(() => {
    openRef.current = conversationId;
    const socket = socketRef.current;
    // 0 leaves the watched conversation without watching another.
    if (socket?.connected) socket.emit(chatEvents.watch, { conversationId: conversationId ?? 0 });
  }, [conversationId]);
}
