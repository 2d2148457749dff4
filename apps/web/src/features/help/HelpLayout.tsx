/**
 * The frame of /help and its articles: a public page (visitors read it without signing in) with the
 * public header and a way into Sajha (the app for a member, sign-in for a visitor).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useAuth } from '../../lib/auth';
import { PublicHeader } from '../landing';

export function HelpLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('help');
  const signedIn = Boolean(useAuth().user);
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <PublicHeader
        action={
          <Button component={RouterLink} to={signedIn ? '/home' : '/signin'} variant="outlined" size="small">
            {signedIn ? t('openSajha') : t('signIn')}
          </Button>
        }
      />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        {children}
      </Container>
    </Box>
  );
}
