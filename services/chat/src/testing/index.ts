export * from './chat-harness';
