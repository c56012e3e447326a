export { chatService } from './app';
