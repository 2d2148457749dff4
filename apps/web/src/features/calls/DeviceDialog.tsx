/** The device selector popup: audio and video selects (labels fall back to "Microphone {id}" / "Camera {id}"), Close. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { CallState } from './callSession';
import type { DeviceOption } from './media';

function DeviceSelect({
  id,
  label,
  fallback,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** A device the browser does not name yet: "Microphone {id}". */
  fallback: (shortId: string) => string;
  options: DeviceOption[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('calls');
  const known = options.some((o) => o.id === value);
  return (
    <FormControl fullWidth size="small">
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={known ? value : ''}
        onChange={(e) => onChange(String(e.target.value))}
      >
        {options.length === 0 && (
          <MenuItem value="" disabled>
            {t('devices.none')}
          </MenuItem>
        )}
        {options.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.label || fallback(o.shortId)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function DeviceDialog({
  open,
  onClose,
  state,
  onSelect,
}: {
  open: boolean;
  onClose: () => void;
  state: CallState;
  onSelect: (kind: 'audio' | 'video', id: string) => void;
}) {
  const { t } = useTranslation(['calls', 'common']);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="devices-title">
      <DialogTitle id="devices-title">{t('devices.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <DeviceSelect
            id="call-audio"
            label={t('devices.microphone')}
            fallback={(shortId) => t('devices.microphoneN', { id: shortId })}
            options={state.audioDevices}
            value={state.selectedAudio}
            onChange={(id) => onSelect('audio', id)}
          />
          <DeviceSelect
            id="call-video"
            label={t('devices.camera')}
            fallback={(shortId) => t('devices.cameraN', { id: shortId })}
            options={state.videoDevices}
            value={state.selectedVideo}
            onChange={(id) => onSelect('video', id)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
