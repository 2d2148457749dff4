/** Personal: email (read-only), phone, location, bio and date of birth (hint YYYY/MM/DD). */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import type { TabProps } from './types';

/** A counter's numbers as they are ("0/500"), in the member's digits. */
const PLAIN = { useGrouping: false } as const;
const BIO_MAX = 500;

export default function PersonalTab({ profile, save }: TabProps) {
  const { t } = useTranslation(['settings', 'common']);
  const m = useMessages();
  const f = useFormat();
  const [phone, setPhone] = useState(profile.phone);
  const [location, setLocation] = useState(profile.location);
  const [bio, setBio] = useState(profile.bio);
  const [dob, setDob] = useState(profile.dob);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    await save({ type: 'personal', updatedData: { email: profile.email, phone, location, bio, dob } });
    setBusy(false);
  };

  return (
    <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label={t('personal.email')}
        value={profile.email}
        helperText={t('personal.emailHint')}
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <TextField
        label={t('personal.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 32 } }}
        fullWidth
      />
      <TextField
        label={t('personal.location')}
        name="location"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        fullWidth
      />
      <TextField
        label={t('personal.bio')}
        name="bio"
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        multiline
        minRows={3}
        helperText={`${f.number(bio.length, PLAIN)}/${f.number(BIO_MAX, PLAIN)}`}
        slotProps={{ htmlInput: { maxLength: BIO_MAX } }}
        fullWidth
      />
      <TextField
        label={t('personal.dob')}
        name="dob"
        value={dob}
        onChange={(e) => setDob(e.target.value)}
        placeholder={m.SettingsText.dobHint}
        helperText={m.SettingsText.dobHint}
        slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
        fullWidth
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('common:saving') : t('saveChanges')}
        </Button>
      </Box>
    </Box>
  );
}
