/** Personal: email (read-only), phone, location, bio and date of birth (hint YYYY/MM/DD). */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { SettingsText } from '@sajha/contract';
import type { TabProps } from './types';

export default function PersonalTab({ profile, save }: TabProps) {
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
        label="Email"
        value={profile.email}
        helperText="Your email cannot be changed here."
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 32 } }}
        fullWidth
      />
      <TextField
        label="Location"
        name="location"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        fullWidth
      />
      <TextField
        label="Bio"
        name="bio"
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        multiline
        minRows={3}
        helperText={`${bio.length}/500`}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        fullWidth
      />
      <TextField
        label="Date of birth"
        name="dob"
        value={dob}
        onChange={(e) => setDob(e.target.value)}
        placeholder={SettingsText.dobHint}
        helperText={SettingsText.dobHint}
        slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
        fullWidth
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  );
}
