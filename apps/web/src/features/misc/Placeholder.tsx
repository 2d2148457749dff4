/** Route skeleton for areas that have not landed yet: says so plainly instead of pretending. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useEffect } from 'react';

export function makePlaceholder(title: string) {
  function Placeholder() {
    useEffect(() => {
      document.title = `${title} - Sajha`;
    }, []);
    return (
      <Box component="main" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        <ConstructionOutlined sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h5" component="h1" color="text.primary" gutterBottom>
          {title}
        </Typography>
        <Typography>This part of Sajha is on its way.</Typography>
      </Box>
    );
  }
  return Placeholder;
}
