/**
 * Account: the picture, name and username; invites (while joining is by invitation); then the member's
 * data (export) and account deletion.
 */
import { useState, type FormEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { LIMITS } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { useAuth } from '../../lib/auth';
import { nameError, usernameError } from '../auth';
import { AvatarDialog } from './AvatarDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { InvitesSection } from './InvitesSection';
import type { TabProps } from './types';

/** How long an old username keeps leading to its member (the server's rule). */
const OLD_USERNAME_DAYS = 30;

export default function AccountTab({ profile, save }: TabProps) {
  const { t } = useTranslation(['settings', 'common']);
  const m = useMessages();
  const f = useFormat();
  const auth = useAuth();
  const [name, setName] = useState(profile.name);
  const [username, setUsername] = useState(profile.username);
  const [busy, setBusy] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const errors = { name: nameError(name, m), username: usernameError(username, m) };
  const changed = name.trim() !== profile.name || username.trim() !== profile.username;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || errors.name || errors.username) return;
    setBusy(true);
    const ok = await save({ type: 'account', updatedData: { name: name.trim(), username: username.trim() } });
    setBusy(false);
    if (ok && auth.user) auth.login({ ...auth.user, name: name.trim(), username: username.trim() });
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Avatar src={profile.profilePic ?? undefined} alt={profile.name} sx={{ width: 88, height: 88, fontSize: 36 }}>
          {profile.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box>
          <Button variant="outlined" startIcon={<PhotoCameraOutlined />} onClick={() => setAvatarOpen(true)}>
            {t('account.changePicture')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('account.pictureHint')}
          </Typography>
        </Box>
      </Box>
      <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('account.name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? t('account.nameHint')}
          slotProps={{ htmlInput: { maxLength: LIMITS.nameMax } }}
          fullWidth
        />
        <TextField
          label={t('account.username')}
          name="username"
          value={username}
          onChange={(e) => setUsername(e.target.value.replace(/^@/, ''))}
          error={Boolean(errors.username)}
          helperText={errors.username ?? t('account.usernameHint', { days: f.number(OLD_USERNAME_DAYS) })}
          slotProps={{ htmlInput: { maxLength: LIMITS.usernameMax, autoCapitalize: 'none', spellCheck: false } }}
          fullWidth
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !changed || Boolean(errors.name || errors.username)}
          >
            {busy ? t('common:saving') : t('saveChanges')}
          </Button>
        </Box>
      </Box>

      <InvitesSection />

      <Divider sx={{ my: 4 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('account.dataTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('account.dataText')}
      </Typography>
      <Button variant="outlined" component="a" href="/api/account/export" download>
        {t('account.download')}
      </Button>

      <Divider sx={{ my: 4 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, color: 'error.main' }}>
        {t('account.deleteTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('account.deleteText', { deletedUser: m.SettingsText.deletedUser })}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setDeleteOpen(true)}>
        {t('account.deleteButton')}
      </Button>

      <AvatarDialog open={avatarOpen} onClose={() => setAvatarOpen(false)} save={save} />
      <DeleteAccountDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} hasPassword={profile.hasPassword} />
    </Box>
  );
}
