import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { ColorModeToggle } from '../../app/theme';

export default function LandingPage() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', p: 4 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ColorModeToggle />
      </Box>
      <Typography variant="h2" component="h1" fontWeight={800}>
        Sajha
      </Typography>
      <Typography sx={{ my: 2 }}>Share Nepal with the world.</Typography>
      <Button component={Link} to="/signup" variant="contained">
        Join free
      </Button>{' '}
      <Button component={Link} to="/signin">
        Sign in
      </Button>
    </Box>
  );
}
