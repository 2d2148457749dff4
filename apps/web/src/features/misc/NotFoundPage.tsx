import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Messages } from '@sajha/contract';

export default function NotFoundPage() {
  useEffect(() => {
    document.title = `${Messages.notFound} - Sajha`;
  }, []);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <div>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 800 }}>
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {Messages.notFound}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The page you were looking for does not exist or has moved.
        </Typography>
        <Button component={Link} to="/" variant="contained" size="large">
          Go home
        </Button>
      </div>
    </Box>
  );
}
