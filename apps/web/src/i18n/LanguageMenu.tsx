/** The language switch (landing page, sign-up, sign-in, Settings): English or नेपाली, in one click. */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { LOCALES, type Locale } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './language';

/** Each language named in itself, so a reader finds their own whatever is on screen. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ne: 'नेपाली' };

export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation('common');
  const { prefs, change } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Usable once the page's scripts run (the landing page arrives pre-rendered): a click before that
  // would be lost, so the button says it is not ready yet, as the colour toggle does.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <>
      <Button
        color={color}
        size="small"
        startIcon={<TranslateIcon aria-hidden />}
        aria-label={t('language.choose', { current: LANGUAGE_NAMES[prefs.locale] })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        disabled={!ready}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        {LANGUAGE_NAMES[prefs.locale]}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem
            key={l}
            lang={l}
            selected={l === prefs.locale}
            onClick={() => {
              setAnchor(null);
              void change({ locale: l });
            }}
          >
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
