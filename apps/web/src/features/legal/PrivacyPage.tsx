import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function PrivacyPage() {
  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h3" component="h1">
        Privacy
      </Typography>
    </Container>
  );
}
