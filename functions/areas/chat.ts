import { handler as postChat } from '../http/chat/post-chat';
import { areaHandler } from '../lib/area';

export const handler = areaHandler('chat', {
  'POST /chat': postChat,
});
