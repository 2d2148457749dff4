/**
 * Settings → Privacy (issue 38): a private account, the audience and reply setting new posts start
 * with, who may message and call the member, and whether sensitive media shows without the blur. Each
 * change is saved at once (PATCH, just that field) and the server's answer is shown.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useTranslation } from 'react-i18next';
import type { PrivacySettings, PrivacyUpdate } from '@sajha/contract';
import { FOLLOW_REQUESTS_PATH } from './paths';
import { AudienceSelect, ContactSelect, RepliesSelect } from './audience';
import { WaitingCount } from './WaitingCount';
import { PrivacyRequestError, useFollowRequests, usePrivacySettings, useSavePrivacy } from './queries';

function Section({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const id = `privacy-section-${name}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A switch with its one-line explanation under it, read with it by screen readers. */
function Toggle(props: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const hintId = `${props.id}-hint`;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            onChange={(e) => props.onChange(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={props.label}
      />
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 }, mt: -0.5 }}>
        {props.hint}
      </Typography>
    </Box>
  );
}

function RequestsLink() {
  const { t } = useTranslation('privacy');
  const { data: requests } = useFollowRequests();
  const count = requests?.length ?? 0;
  return (
    <Box>
      <Button component={RouterLink} to={FOLLOW_REQUESTS_PATH} variant="outlined" startIcon={<PersonAddOutlined />}>
        {t('settings.requests')}
        <WaitingCount count={count} />
      </Button>
    </Box>
  );
}

export function PrivacyForm({ settings }: { settings: PrivacySettings }) {
  const { t } = useTranslation('privacy');
  const { mutate: save } = useSavePrivacy();
  const change = (update: PrivacyUpdate) => save(update);
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Section name="account" title={t('settings.accountTitle')}>
        <Toggle
          id="privacy-private"
          label={t('settings.private')}
          hint={t('settings.privateHint')}
          checked={settings.privateAccount}
          onChange={(on) => change({ privateAccount: on })}
        />
        {settings.privateAccount && <RequestsLink />}
      </Section>
      <Section name="posts" title={t('settings.postsTitle')}>
        <AudienceSelect
          id="privacy-default-audience"
          size="medium"
          label={t('settings.defaultAudience')}
          value={settings.defaultAudience}
          onChange={(defaultAudience) => change({ defaultAudience })}
        />
        <RepliesSelect
          id="privacy-default-replies"
          size="medium"
          label={t('settings.defaultReplies')}
          value={settings.defaultReplies}
          onChange={(defaultReplies) => change({ defaultReplies })}
        />
      </Section>
      <Section name="contact" title={t('settings.contactTitle')}>
        <ContactSelect
          id="privacy-messages"
          size="medium"
          label={t('settings.messages')}
          helperText={t('settings.messagesHint')}
          value={settings.messages}
          onChange={(messages) => change({ messages })}
        />
        <ContactSelect
          id="privacy-calls"
          size="medium"
          label={t('settings.calls')}
          value={settings.calls}
          onChange={(calls) => change({ calls })}
        />
      </Section>
      <Section name="media" title={t('settings.mediaTitle')}>
        <Toggle
          id="privacy-sensitive"
          label={t('settings.showSensitive')}
          hint={t('settings.showSensitiveHint')}
          checked={settings.showSensitive}
          onChange={(on) => change({ showSensitive: on })}
        />
      </Section>
    </Stack>
  );
}

export default function PrivacyTab() {
  const { t } = useTranslation('privacy');
  const { data: settings, error, refetch } = usePrivacySettings();
  if (settings) return <PrivacyForm settings={settings} />;
  if (error) {
    return (
      <Box role="alert" sx={{ py: 3, display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography>{(error instanceof PrivacyRequestError && error.serverMessage) || t('loadFailed')}</Typography>
        <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </Box>
    );
  }
  return (
    <Box role="status" aria-busy="true" aria-label={t('loading')}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={48} />
      ))}
    </Box>
  );
}
