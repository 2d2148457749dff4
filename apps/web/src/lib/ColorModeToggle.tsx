/**
 * The light/dark toggle (part 1 §1), shown by the shell, the landing page and the sign-in screens. MUI
 * remembers the mode in localStorage; until the page has mounted `mode` is undefined, so the UI reads as
 * light and the toggle stays disabled.
 */
import { useEffect, useState } from 'react';
import { useColorScheme } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useTranslation } from 'react-i18next';

/** True once the first client render is committed; before that the colour mode is not known. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export function ColorModeToggle() {
  const { t } = useTranslation('app');
  const { mode, systemMode, setMode } = useColorScheme();
  const mounted = useMounted();
  const effective = mode === 'system' ? systemMode : mode;
  const isDark = mounted && effective === 'dark';
  const label = isDark ? t('colorMode.toLight') : t('colorMode.toDark');
  // The browser's own tooltip (title): MUI's Tooltip would bring Popper into every page's first load.
  return (
    <IconButton
      aria-label={label}
      title={label}
      disabled={!mounted || !mode}
      onClick={() => setMode(isDark ? 'light' : 'dark')}
      color="inherit"
    >
      {isDark ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
