/** Placeholder until the Nepali catalogue is written: the English texts. */
import { Messages } from '../messages.js';
import { AiText } from '../ai.js';
import { CallTexts } from '../calls.js';
import { FeatureMessages } from '../features.js';
import { UploadMessages } from '../files.js';
import { ModerationMessages } from '../moderation.js';
import { PeopleMessages } from '../people.js';
import { ReelMessages } from '../reels.js';
import { SettingsText } from '../settings.js';
import { SignupMessages } from '../signup.js';
import { UxMessages } from '../ux.js';
import { ServerTexts } from './server-texts.js';

export const ne = {
  Messages,
  AiText,
  CallTexts,
  FeatureMessages,
  UploadMessages,
  ModerationMessages,
  PeopleMessages,
  ReelMessages,
  SettingsText,
  SignupMessages,
  UxMessages,
  ServerTexts,
};
