/** Settings → Safety (ours): muted members, muted words, and the member's standing with moderators. */
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { MutedMembersSection } from './MutedMembersSection';
import { MutedWordsSection } from './MutedWordsSection';
import { StandingSection } from './StandingSection';

export default function SafetyTab() {
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <MutedMembersSection />
      <MutedWordsSection />
      <StandingSection />
    </Stack>
  );
}
