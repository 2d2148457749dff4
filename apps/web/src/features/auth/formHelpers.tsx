/** Small pieces the account forms share. */
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** Moves focus to the named control of a form, e.g. the first field that failed validation. */
export function focusField(form: HTMLFormElement | null, name: string | undefined): void {
  if (!form || !name) return;
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

export interface Notice {
  severity: AlertColor;
  title?: string;
  text?: string;
}

/** The server's message (or ours) above the submit button; announced to screen readers as it changes. */
export function NoticeAlert({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} sx={{ mb: 2 }}>
      {notice.title ? <AlertTitle sx={notice.text ? undefined : { mb: 0 }}>{notice.title}</AlertTitle> : null}
      {notice.text}
    </Alert>
  );
}

/** The full-width submit button of an account form, with a spinner while its request runs. */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      loading={busy}
      loadingPosition="start"
      disabled={busy || disabled}
    >
      {children}
    </Button>
  );
}
