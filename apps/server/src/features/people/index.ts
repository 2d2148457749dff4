/** People: profiles, follows, friends lists, search, suggestions and blocks. */
import { defineFeature } from '../../feature.js';
import { deletePeople, exportPeople } from './account.js';
import { peopleSocket } from './events.js';
import { peoplePolicy } from './policy.js';

export default defineFeature({
  name: 'people',
  policy: peoplePolicy,
  socket: peopleSocket,
  account: {
    tables: ['follows', 'blocks', 'follow_notices'],
    exportAccount: exportPeople,
    deleteAccount: deletePeople,
  },
});
