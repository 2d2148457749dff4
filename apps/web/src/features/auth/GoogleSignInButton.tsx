/**
 * Google sign-in (part 1 §2): the identity provider's script is loaded only when the server has a
 * client id configured, and only on the screen that shows the button. The button is Google's own;
 * its callback hands us an ID token, which the page posts to our server. Google writes its text in
 * the page's language.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useColorScheme } from '@mui/material/styles';
import { usePrefs } from '../../i18n/language';

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type: 'standard';
          theme: 'outline' | 'filled_black';
          size: 'large';
          text: 'signin_with';
          shape: 'rectangular';
          width: number;
          logo_alignment: 'left';
          locale: string;
        },
      ): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptLoad: Promise<GoogleIdentity> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptLoad ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google Identity did not load')));
    script.onerror = () => {
      scriptLoad = null; // let a later visit try again
      script.remove();
      reject(new Error('Google Identity script failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/** Google keeps one callback per page; it forwards to whichever button is mounted now. */
let currentHandler: ((idToken: string) => void) | null = null;
let initializedFor: string | null = null;

interface GoogleSignInButtonProps {
  clientId: string;
  onCredential: (idToken: string) => void;
}

export function GoogleSignInButton({ clientId, onCredential }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const [google, setGoogle] = useState<GoogleIdentity | null>(null);
  const { mode, systemMode } = useColorScheme();
  const isDark = (mode === 'system' ? systemMode : mode) === 'dark';
  const { locale } = usePrefs();

  useEffect(() => {
    currentHandler = onCredential;
    return () => {
      if (currentHandler === onCredential) currentHandler = null;
    };
  }, [onCredential]);

  useEffect(() => {
    let live = true;
    loadGoogleIdentity().then(
      (g) => live && setGoogle(g),
      (err: unknown) => console.warn('Google sign-in unavailable', err),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const parent = container.current;
    if (!google || !parent) return;
    if (initializedFor !== clientId) {
      google.accounts.id.initialize({
        client_id: clientId,
        callback: (response) => {
          if (response.credential) currentHandler?.(response.credential);
        },
      });
      initializedFor = clientId;
    }
    parent.replaceChildren();
    google.accounts.id.renderButton(parent, {
      type: 'standard',
      theme: isDark ? 'filled_black' : 'outline',
      size: 'large',
      text: 'signin_with',
      shape: 'rectangular',
      // Google draws the button at a fixed pixel width between 200 and 400.
      width: Math.min(400, Math.max(200, Math.floor(parent.clientWidth))),
      logo_alignment: 'left',
      locale,
    });
  }, [google, clientId, isDark, locale]);

  return <Box ref={container} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44, width: '100%' }} />;
}
