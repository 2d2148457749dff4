/**
 * The bot check of sign-up, resend-code and password-reset requests: the ALTCHA widget (a web
 * component, self-hosted, no third party) solves the server's proof-of-work challenge by itself as the
 * form opens, in a Web Worker served from our own origin (the CSP allows workers from 'self' only), so
 * a person usually never clicks it. A solution counts once: `take()` hands the current one to a request
 * (waiting for the solver if it is still at work) and starts the next at once, for another attempt.
 * The widget speaks the page's language: its texts come from the auth catalogue (`botCheck`).
 * This module lives in the auth screens' chunks only (the landing page never loads it).
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { Routes } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { usePrefs } from '../../i18n/language';

// The server's challenges use PBKDF2/SHA-256 (features/signup/botcheck.ts).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

type Outcome = (payload: string | undefined) => void;

export interface BotCheck {
  /** The widget, for the form (nothing when the server asks for no check). */
  widget: ReactNode;
  /** The solution for one request; undefined when there is none to give (the server then says so). */
  take(): Promise<string | undefined>;
}

/** `enabled`: the server's public config says the check is on (undefined while it loads: on). */
export function useBotCheck(enabled: boolean | undefined): BotCheck {
  const theme = useTheme();
  const { t } = useTranslation('auth');
  const { locale } = usePrefs();
  // The widget's texts in the page's language (its registry re-renders a shown widget when they change).
  useEffect(() => {
    globalThis.$altcha.i18n.set(locale, t('botCheck', { returnObjects: true }) as Record<string, string>);
  }, [locale, t]);
  // The palette as CSS variables, so the widget follows the light or dark scheme as it changes.
  const palette = (theme.vars ?? theme).palette;
  const element = useRef<AltchaWidgetElement | null>(null);
  const solved = useRef<string | null>(null);
  const waiting = useRef<Outcome[]>([]);

  // A callback ref: the widget may mount long after the form (inside a dialog that opens later).
  const attach = useCallback((widget: AltchaWidgetElement | null) => {
    element.current = widget;
    if (!widget) return;
    const settle = (payload: string | undefined) => {
      for (const done of waiting.current.splice(0)) done(payload);
    };
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      if (state === 'verified' && payload) {
        solved.current = payload;
        settle(payload);
      } else if (state === 'error') {
        settle(undefined);
      } else if (state !== 'verifying') {
        solved.current = null;
      }
    };
    widget.addEventListener('statechange', onState);
    return () => {
      widget.removeEventListener('statechange', onState);
      element.current = null;
      solved.current = null;
      settle(undefined);
    };
  }, []);

  const take = useCallback(async (): Promise<string | undefined> => {
    const widget = element.current;
    if (!widget) return undefined;
    let payload = solved.current ?? undefined;
    if (!payload) {
      payload = await new Promise<string | undefined>((resolve) => {
        waiting.current.push(resolve);
        if (String(widget.getState()) !== 'verifying') void widget.verify();
      });
    }
    solved.current = null;
    void widget.verify();
    return payload;
  }, []);

  const widget =
    enabled !== false ? (
      <Box
        sx={{
          mb: 2,
          '& altcha-widget': { display: 'block' },
          '--altcha-max-width': '100%',
          '--altcha-border-radius': `${theme.shape.borderRadius}px`,
          '--altcha-color-base': palette.background.paper,
          '--altcha-color-base-content': palette.text.primary,
          '--altcha-color-primary': palette.primary.main,
          '--altcha-color-primary-content': palette.primary.contrastText,
          '--altcha-border-color': palette.divider,
        }}
      >
        <altcha-widget
          ref={attach}
          challenge={Routes.botChallenge.path}
          auto="onload"
          name="altcha"
          language={locale}
        />
      </Box>
    ) : null;
  return { widget, take };
}
