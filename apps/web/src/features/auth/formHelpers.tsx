/** Small pieces the account forms share. */
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

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
