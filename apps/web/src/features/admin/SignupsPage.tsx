/**
 * Sign-ups (admins): who may join (open, approval required, invite only, closed), which email domains
 * are refused (a domain blocks its subdomains too), the requests to join waiting for a decision, and
 * every invite. Each change is the server's to accept; its words are shown as they come.
 */
import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { blockedDomainSchema, SIGNUP_MODES, type SignupMode, type SignupSettings } from '@sajha/contract';
import { useLocalize } from '../../i18n/language';
import { useToast } from '../../lib/toast';
import { AdminPage, ListSkeleton, LoadError } from './AdminPage';
import { AllInvites } from './AllInvites';
import { Section } from './SignupSection';
import { SignupRequests } from './SignupRequests';
import { useSignupCalls, useSignupSettings } from './signupsApi';

function SettingsForm({ saved }: { saved: SignupSettings }) {
  const { t } = useTranslation('admin');
  const localize = useLocalize();
  const toast = useToast();
  const { save } = useSignupCalls();
  const [mode, setMode] = useState<SignupMode>(saved.mode);
  const [domains, setDomains] = useState<string[]>(saved.blockedDomains);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // What the server saved (after a save, or another admin's) becomes the form's starting point again.
  useEffect(() => {
    setMode(saved.mode);
    setDomains(saved.blockedDomains);
  }, [saved]);
  const changed = mode !== saved.mode || domains.join('\n') !== saved.blockedDomains.join('\n');

  const add = () => {
    const parsed = blockedDomainSchema.safeParse(draft);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setDraftError(message === undefined ? undefined : localize(message));
      return;
    }
    setDomains((list) => [...new Set([...list, parsed.data])].sort());
    setDraft('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await save({ mode, blockedDomains: domains });
    setBusy(false);
    toast.show({ message: done.message, type: done.ok ? 'success' : 'error' });
  };

  return (
    <Box component="form" noValidate onSubmit={(e: FormEvent) => void submit(e)} sx={{ display: 'grid', gap: 3 }}>
      <FormControl>
        <FormLabel id="signup-mode-label" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
          {t('signups.whoCanJoin')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="signup-mode-label"
          name="mode"
          value={mode}
          onChange={(e) => setMode(e.target.value as SignupMode)}
        >
          {SIGNUP_MODES.map((m) => (
            <FormControlLabel
              key={m}
              value={m}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
              label={
                <span>
                  <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                    {t(`signups.modes.${m}.label`)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t(`signups.modes.${m}.help`)}
                  </Typography>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>

      <Box>
        <Typography id="blocked-domains-label" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('signups.blockedDomains')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('signups.blockedHelp')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}>
          <TextField
            size="small"
            label={t('signups.domain')}
            placeholder={t('signups.domainPlaceholder')}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setDraftError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            error={Boolean(draftError)}
            helperText={draftError}
            slotProps={{ htmlInput: { maxLength: 253, autoCapitalize: 'none', spellCheck: false } }}
            sx={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <Button variant="outlined" onClick={add} disabled={!draft.trim()} sx={{ mt: 0.25 }}>
            {t('signups.addDomain')}
          </Button>
        </Box>
        {domains.length ? (
          <Box
            component="ul"
            aria-labelledby="blocked-domains-label"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {domains.map((d) => (
              <li key={d}>
                <Chip label={d} onDelete={() => setDomains((list) => list.filter((x) => x !== d))} />
              </li>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('signups.noDomains')}
          </Typography>
        )}
      </Box>

      <Box>
        <Button type="submit" variant="contained" disabled={busy || !changed}>
          {t('signups.save')}
        </Button>
      </Box>
    </Box>
  );
}

export default function SignupsPage() {
  const { t } = useTranslation('admin');
  const settings = useSignupSettings();
  return (
    <AdminPage title={t('signups.title')} intro={t('signups.intro')}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section id="signup-settings" title={t('signups.settings')}>
          {settings.isError && <LoadError error={settings.error} />}
          {settings.data ? <SettingsForm saved={settings.data} /> : !settings.isError && <ListSkeleton rows={1} />}
        </Section>
        <SignupRequests />
        <AllInvites />
      </Box>
    </AdminPage>
  );
}
