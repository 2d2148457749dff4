/** Social links on a profile: an icon per network; a link of type url is used as is, else built from the handle. */
import type { ReactElement } from 'react';
import Facebook from '@mui/icons-material/Facebook';
import GitHub from '@mui/icons-material/GitHub';
import Instagram from '@mui/icons-material/Instagram';
import Language from '@mui/icons-material/Language';
import LinkIcon from '@mui/icons-material/Link';
import LinkedIn from '@mui/icons-material/LinkedIn';
import MusicNote from '@mui/icons-material/MusicNote';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Twitter from '@mui/icons-material/Twitter';
import YouTube from '@mui/icons-material/YouTube';

const ICONS: Record<string, ReactElement> = {
  facebook: <Facebook />,
  twitter: <Twitter />,
  instagram: <Instagram />,
  github: <GitHub />,
  linkedin: <LinkedIn />,
  youtube: <YouTube />,
  snapchat: <PhotoCamera />,
  tiktok: <MusicNote />,
  website: <Language />,
};

const PROFILE_URL: Record<string, (handle: string) => string> = {
  facebook: (h) => `https://facebook.com/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  instagram: (h) => `https://instagram.com/${h}`,
  github: (h) => `https://github.com/${h}`,
  linkedin: (h) => `https://linkedin.com/in/${h}`,
  youtube: (h) => `https://youtube.com/@${h}`,
  snapchat: (h) => `https://snapchat.com/add/${h}`,
  tiktok: (h) => `https://tiktok.com/@${h}`,
  website: (h) => (/^https?:\/\//.test(h) ? h : `https://${h}`),
};

export const socialIcon = (network: string): ReactElement => ICONS[network.toLowerCase()] ?? <LinkIcon />;

/** Only http(s) links leave the page; anything else is dropped. */
export function socialUrl(link: { social_name: string; type: string; value: string }): string | null {
  const handle = link.value.trim().replace(/^@/, '');
  const build = PROFILE_URL[link.social_name.toLowerCase()];
  const url =
    link.type === 'url'
      ? link.value.trim()
      : build
        ? build(link.social_name.toLowerCase() === 'website' ? handle : encodeURIComponent(handle))
        : null;
  return url && /^https?:\/\//i.test(url) ? url : null;
}
