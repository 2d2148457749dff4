/**
 * Share a post: Facebook, X, LinkedIn and WhatsApp (plus Messenger and the device's own share sheet on
 * phones), a 300x300 QR code and Copy link ('Link Copied!'). Each link carries a random ref and a hash;
 * every share is counted on the server.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Facebook from '@mui/icons-material/Facebook';
import IosShare from '@mui/icons-material/IosShare';
import LinkedIn from '@mui/icons-material/LinkedIn';
import Telegram from '@mui/icons-material/Telegram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import X from '@mui/icons-material/X';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Events, LAYOUT, type SHARE_NETWORKS } from '@sajha/contract';
import { useMessages } from '../../i18n/language';
import { useRealtime } from '../../lib/realtime';
import { useToast } from '../../lib/toast';

type Network = (typeof SHARE_NETWORKS)[number];

const randomToken = (length: number) => {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
};

export function shareLink(postId: string, kind: 'post' | 'reel' = 'post'): { url: string; ref: string } {
  const ref = randomToken(10);
  const base = kind === 'reel' ? '/clips/' : '/p/';
  return { url: `${window.location.origin}${base}${postId}?ref=${ref}#${randomToken(6)}`, ref };
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure contexts: the textarea route.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export function ShareDialog(props: {
  open: boolean;
  postId: string;
  text: string;
  onClose: () => void;
  onShared?: () => void;
  /** A reel shares its /clips link and is counted as a reel share; posts by default. */
  kind?: 'post' | 'reel';
}) {
  const kind = props.kind ?? 'post';
  const { socket } = useRealtime();
  const toast = useToast();
  const { t } = useTranslation(['posts', 'common']);
  const m = useMessages();
  const mobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // A fresh ref each time the dialog opens.
  const { url, ref } = useMemo(() => shareLink(props.postId, kind), [props.postId, props.open, kind]); // eslint-disable-line react-hooks/exhaustive-deps
  const counted = (network: Network) => {
    if (kind === 'reel') socket?.emit(Events.shareReel, { reelId: props.postId, network, ref });
    else socket?.emit(Events.sharePost, { post_id: props.postId, network, ref });
    props.onShared?.();
  };
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(props.text.slice(0, 200));
  const networks: { network: Network; label: string; href: string; icon: React.ReactElement; mobileOnly?: boolean }[] =
    [
      {
        network: 'facebook',
        label: 'Facebook',
        href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
        icon: <Facebook />,
      },
      { network: 'x', label: 'X', href: `https://x.com/intent/post?url=${u}&text=${text}`, icon: <X /> },
      {
        network: 'linkedin',
        label: 'LinkedIn',
        href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
        icon: <LinkedIn />,
      },
      { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}`, icon: <WhatsApp /> },
      {
        network: 'messenger',
        label: 'Messenger',
        href: `fb-messenger://share/?link=${u}`,
        icon: <Telegram />,
        mobileOnly: true,
      },
    ];
  const canShareNatively = mobile && typeof navigator.share === 'function';

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="share-title"
      maxWidth="xs"
      fullWidth
      // Narrow margins on phones leave room for the full 300 px QR code (at 390 px wide).
      slotProps={{ paper: { sx: { mx: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: undefined } } } }}
    >
      <DialogTitle id="share-title" sx={{ pr: 6 }}>
        {kind === 'reel' ? t('share.reelTitle') : t('share.postTitle')}
        <IconButton
          aria-label={t('common:close')}
          onClick={props.onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'center' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
          {networks
            .filter((n) => !n.mobileOnly || mobile)
            .map((n) => (
              <Button
                key={n.network}
                component="a"
                href={n.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                size="small"
                startIcon={n.icon}
                onClick={() => counted(n.network)}
              >
                {n.label}
              </Button>
            ))}
          {canShareNatively && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<IosShare />}
              onClick={() => {
                navigator.share({ url, text: props.text.slice(0, 200) }).then(
                  () => counted('native'),
                  () => undefined,
                );
              }}
            >
              {t('common:more')}
            </Button>
          )}
        </Box>
        {/* Always 300x300 (the spec's size); on a screen too narrow for it, it scrolls instead of shrinking. */}
        <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 1, width: 'max-content' }}>
            <QRCodeSVG
              value={url}
              size={LAYOUT.shareQrSize}
              role="img"
              aria-label={kind === 'reel' ? t('share.reelQr') : t('share.postQr')}
              style={{ width: LAYOUT.shareQrSize, height: LAYOUT.shareQrSize, display: 'block' }}
            />
          </Box>
        </Box>
        {/* The button's longer names (Nepali) move it under the link on a narrow screen rather than squeeze it. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, width: '100%' }}>
          <TextField
            size="small"
            fullWidth
            value={url}
            sx={{ flex: '1 1 8rem', minWidth: 0 }}
            slotProps={{
              htmlInput: { readOnly: true, 'aria-label': kind === 'reel' ? t('share.reelLink') : t('share.postLink') },
            }}
          />
          <Button
            variant="contained"
            startIcon={<ContentCopyRounded />}
            onClick={() => {
              void copyText(url).then((ok) => {
                if (!ok) return;
                toast.show({ message: m.Messages.post.linkCopied, type: 'success' });
                counted('copy');
              });
            }}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('share.copy')}
          </Button>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
