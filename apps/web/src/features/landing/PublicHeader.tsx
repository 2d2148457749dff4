/** The header of the pages visitors read (terms, privacy, help): brand, language, colour mode, and one way on. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { LanguageMenu } from '../../i18n/LanguageMenu';
import { ColorModeToggle } from '../../lib/ColorModeToggle';
import { BrandLink } from './BrandLink';

export function PublicHeader({ action }: { action: ReactNode }) {
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container
        maxWidth="md"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, minHeight: 60, py: { xs: 0.5, sm: 0 } }}
      >
        <BrandLink size={28} />
        <Box sx={{ ml: 'auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <LanguageMenu />
          <ColorModeToggle />
          {action}
        </Box>
      </Container>
    </Box>
  );
}
