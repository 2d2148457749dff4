import type { ProfileForm, UpdateProfilePayload } from '@sajha/contract';

export interface TabProps {
  profile: ProfileForm;
  save: (payload: UpdateProfilePayload) => Promise<boolean>;
}
