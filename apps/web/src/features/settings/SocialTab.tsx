/**
 * Social: links to the member's other profiles, each platform once. The add button stays disabled
 * until a platform is picked; platforms already added are not offered again. Adding and removing save
 * at once.
 */
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { SOCIAL_PLATFORMS, socialValueSchema, type SocialPlatform } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '../../i18n/language';
import type { TabProps } from './types';

/** The platforms' own names, the same in every language (a website is named by the catalogue). */
const BRANDS: Record<Exclude<SocialPlatform, 'website'>, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter / X',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  youtube: 'YouTube',
  snapchat: 'Snapchat',
  tiktok: 'TikTok',
};

export default function SocialTab({ profile, save }: TabProps) {
  const { t } = useTranslation('settings');
  const localize = useLocalize();
  const label = (p: SocialPlatform) => (p === 'website' ? t('social.website') : BRANDS[p]);
  const [platform, setPlatform] = useState<SocialPlatform | ''>('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const links = profile.socials;
  const added = Object.keys(links) as SocialPlatform[];
  const free = SOCIAL_PLATFORMS.filter((p) => !(p in links));
  const check = value.trim() ? socialValueSchema.safeParse(value) : null;
  // The schema's checks speak English: in the page's language.
  const issue = check && !check.success ? check.error.issues[0]?.message : undefined;
  const valueError = issue ? localize(issue) : undefined;

  const send = async (next: Partial<Record<SocialPlatform, string>>) => {
    setBusy(true);
    const ok = await save({ type: 'social', updatedData: { socials: next } });
    setBusy(false);
    return ok;
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!platform || !value.trim() || valueError || platform in links) return;
    if (await send({ ...links, [platform]: value.trim() })) {
      setPlatform('');
      setValue('');
    }
  };

  const remove = (p: SocialPlatform) => {
    const { [p]: _gone, ...rest } = links;
    void send(rest);
  };

  return (
    <Box>
      {added.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('social.empty')}
        </Typography>
      ) : (
        <List aria-label={t('social.list')} sx={{ mb: 2 }}>
          {added.map((p) => (
            <ListItem
              key={p}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('social.remove', { platform: label(p) })}
                  onClick={() => remove(p)}
                  disabled={busy}
                >
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText
                primary={label(p)}
                secondary={links[p]}
                slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => void add(e)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr auto' }, gap: 2, alignItems: 'start' }}
      >
        <FormControl fullWidth>
          <InputLabel id="social-platform-label">{t('social.platform')}</InputLabel>
          <Select
            labelId="social-platform-label"
            label={t('social.platform')}
            value={platform}
            onChange={(e) => setPlatform(e.target.value)}
            disabled={free.length === 0}
          >
            {free.map((p) => (
              <MenuItem key={p} value={p}>
                {label(p)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          label={t('social.value')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={Boolean(valueError)}
          helperText={valueError ?? t('social.valueHint')}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!platform || !value.trim() || Boolean(valueError) || busy}
          sx={{ height: 56 }}
        >
          {t('social.add')}
        </Button>
      </Box>
    </Box>
  );
}
