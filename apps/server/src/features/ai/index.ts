/** The AI assistant: answers about the product from its knowledge base (or a configured model grounded in it). */
import { defineFeature } from '../../feature.js';
import { deleteAi, exportAi } from './account.js';
import { aiPolicy } from './policy.js';
import { aiRoutes, assistantOf } from './routes.js';

export default defineFeature({
  name: 'ai',
  policy: aiPolicy,
  http: aiRoutes,
  // The knowledge base is read and indexed at start-up, not on the first question.
  start: ({ deps }) => {
    assistantOf(deps);
    return Promise.resolve();
  },
  account: { tables: ['ai_messages'], exportAccount: exportAi, deleteAccount: deleteAi },
});
