/** A fenced code block: its language (or "code") above, and a copy button that shows a check mark for 2 s. */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import { DURATIONS_MS } from '@sajha/contract';
import { useMessages } from '../../i18n/language';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers, or no clipboard permission: the selection-based copy still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

export function CodeBlock({ language, code }: { language: string; code: string }) {
  const { t } = useTranslation('ai');
  const { AiText } = useMessages();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    await copyText(code);
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), DURATIONS_MS.aiCopyConfirm);
  };
  const label = copied ? AiText.copied : AiText.copy;

  return (
    <Box
      component="figure"
      data-code-block
      sx={{ m: 0, my: 1, borderRadius: 1.5, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      <Box
        component="figcaption"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 1.5,
          py: 0.25,
          bgcolor: (t) => (t.palette.mode === 'dark' ? 'grey.900' : 'grey.200'),
        }}
      >
        <Typography variant="caption" sx={{ fontFamily: 'monospace', color: 'text.secondary' }} data-code-language>
          {language || t('code')}
        </Typography>
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={() => void copy()}>
            {copied ? (
              <CheckOutlined fontSize="small" color="success" data-testid="copied-check" />
            ) : (
              <ContentCopyOutlined fontSize="small" />
            )}
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          overflowX: 'auto',
          fontSize: 13,
          lineHeight: 1.5,
          bgcolor: (t) => (t.palette.mode === 'dark' ? 'grey.900' : 'grey.50'),
          color: 'text.primary',
        }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
