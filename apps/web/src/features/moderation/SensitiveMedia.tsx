/**
 * Media marked sensitive (by its author or a moderator) stays blurred behind "Sensitive content" until the
 * member presses Show, unless they chose "Always show sensitive media" (Settings → Privacy). While
 * covered it is inert: its videos cannot be played or focused.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '../../i18n/language';
import { useCurrentUser } from '../../lib/auth';

/**
 * The veil's English title, for screens that name it themselves: `VeilOverlay` shows it in the page's
 * language. New code reads `useSensitiveLabel()`.
 */
export const SENSITIVE_LABEL = 'Sensitive content';

/** "Sensitive content", in the page's language. */
export function useSensitiveLabel(): string {
  const { t } = useTranslation('moderation');
  return t('sensitive.title');
}

/** Whether media marked sensitive show at once for the member signed in (their privacy setting). */
export function useShowsSensitive(): boolean {
  return useCurrentUser()?.showSensitive === true;
}

/** What covers hidden media: a short title, a line of explanation and Show. */
export function VeilOverlay({ title, hint, onShow }: { title: string; hint?: string; onShow: () => void }) {
  const { t } = useTranslation('moderation');
  const localize = useLocalize();
  // A title other screens pass in English (this constant, a contract text) shows in the page's language.
  const heading = title === SENSITIVE_LABEL ? t('sensitive.title') : localize(title);
  return (
    <Box
      role="group"
      aria-label={heading}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        p: 2,
        textAlign: 'center',
        color: '#fff',
        bgcolor: 'rgba(0, 0, 0, 0.5)',
        zIndex: 1,
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75 }}>
        <VisibilityOffOutlined aria-hidden sx={{ fontSize: 32 }} />
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        {hint && (
          <Typography component="p" variant="body2" sx={{ opacity: 0.9, maxWidth: 320 }}>
            {hint}
          </Typography>
        )}
        <Button
          variant="contained"
          color="inherit"
          onClick={onShow}
          sx={{ mt: 0.5, color: 'grey.900', bgcolor: '#fff', '&:hover': { bgcolor: 'grey.200' } }}
        >
          {t('show')}
        </Button>
      </Box>
    </Box>
  );
}

/** The blur on covered media (scaled a little, so its soft edges stay inside the frame). */
export const veiled = { filter: 'blur(40px)', transform: 'scale(1.1)', pointerEvents: 'none' } as const;

export function SensitiveMedia({
  sensitive,
  children,
  onShow,
}: {
  sensitive: boolean | undefined;
  children: ReactNode;
  onShow?: () => void;
}) {
  const { t } = useTranslation('moderation');
  const [shown, setShown] = useState(false);
  const always = useShowsSensitive();
  const covered = Boolean(sensitive) && !shown && !always;
  // One tree either way, so the media are not loaded again when shown.
  return (
    <Box
      data-testid={sensitive ? 'sensitive-media' : undefined}
      data-covered={covered ? 'true' : 'false'}
      sx={{ position: 'relative', overflow: 'hidden', borderRadius: 2, minHeight: covered ? 200 : undefined }}
    >
      <Box inert={covered} aria-hidden={covered || undefined} sx={covered ? veiled : undefined}>
        {children}
      </Box>
      {covered && (
        <VeilOverlay
          title={t('sensitive.title')}
          hint={t('sensitive.hint')}
          onShow={() => {
            setShown(true);
            onShow?.();
          }}
        />
      )}
    </Box>
  );
}
