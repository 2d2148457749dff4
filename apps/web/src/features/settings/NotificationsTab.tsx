/**
 * Notification preferences (part 2 §3): email and web push per type, in-app on or off, the daily
 * digest and quiet hours. Saved with update_notification_preferences; the catalogue's toasts answer
 * (socket errors are only logged).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type NotificationPreferences } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useLocalize, useMessages } from '../../i18n/language';
import { useConnectedSocket } from '../../lib/realtime';
import { useToast } from '../../lib/toast';
import { savePreferences, settingsKeys, usePreferences } from './queries';

type TypeKey = keyof NotificationPreferences['email'];
/** The kinds, in this order (each named by the settings catalogue's `notifications.types.{kind}`). */
const TYPES: TypeKey[] = ['system', 'message', 'mention', 'comment', 'like', 'follow'];

export default function NotificationsTab() {
  const { data: saved, error } = usePreferences();
  // The catalogue: socket errors of the preferences are only logged.
  useEffect(() => {
    if (error) console.warn('preferences error', error.message);
  }, [error]);
  if (!saved) {
    return (
      <Box aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  }
  return <PreferencesForm saved={saved} />;
}

/** The form edits a copy of the saved preferences; saving writes it back once the server agreed. */
function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation(['settings', 'common']);
  const m = useMessages();
  // The socket's refusals come in English: in the page's language.
  const localize = useLocalize();
  const socket = useConnectedSocket();
  const client = useQueryClient();
  const toast = useToast();
  const [prefs, setPrefs] = useState(saved);
  const { mutate: save, isPending: busy } = useMutation({
    mutationFn: (next: NotificationPreferences) => {
      if (!socket) throw new Error(m.Messages.settings.prefsError);
      return savePreferences(socket, next);
    },
    onSuccess: (_done, next) => {
      client.setQueryData(settingsKeys.preferences, next);
      toast.show({ message: m.Messages.settings.prefsUpdated, type: 'success' });
    },
    onError: (error) =>
      toast.show({
        title: m.Messages.profile.updateFailed,
        message: error.message ? localize(error.message) : m.Messages.settings.prefsError,
        type: 'error',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!socket) {
      toast.show({ title: m.Messages.profile.updateFailed, message: m.Messages.settings.prefsError, type: 'error' });
      return;
    }
    save(prefs);
  };
  const setChannel = (channel: 'email' | 'webPush', key: TypeKey, on: boolean) =>
    setPrefs({ ...prefs, [channel]: { ...prefs[channel], [key]: on } });
  const setQuiet = (edge: 'start' | 'end', value: string) =>
    setPrefs({ ...prefs, quietHours: { ...prefs.quietHours, [edge]: value } });

  const channel = (c: 'email' | 'webPush', title: string) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
        {title}
      </FormLabel>
      <FormGroup>
        {TYPES.map((kind) => (
          <FormControlLabel
            key={kind}
            control={<Switch checked={prefs[c][kind]} onChange={(e) => setChannel(c, kind, e.target.checked)} />}
            label={t(`notifications.types.${kind}`)}
          />
        ))}
      </FormGroup>
    </Box>
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3 }}>
      <FormControlLabel
        control={
          <Switch
            checked={prefs.inApp.all}
            onChange={(e) => setPrefs({ ...prefs, inApp: { all: e.target.checked } })}
          />
        }
        label={t('notifications.inApp')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
        {channel('email', t('notifications.email'))}
        {channel('webPush', t('notifications.push'))}
      </Box>
      <FormControlLabel
        control={<Switch checked={prefs.digest} onChange={(e) => setPrefs({ ...prefs, digest: e.target.checked })} />}
        label={t('notifications.digest')}
      />
      <Box>
        <Typography sx={{ fontWeight: 700, mb: 1 }}>{t('notifications.quietTitle')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('notifications.quietText')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            label={t('notifications.from')}
            type="time"
            value={prefs.quietHours.start}
            onChange={(e) => setQuiet('start', e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('notifications.until')}
            type="time"
            value={prefs.quietHours.end}
            onChange={(e) => setQuiet('end', e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('common:saving') : t('notifications.save')}
        </Button>
      </Box>
    </Box>
  );
}
