/** Settings > Language: the interface language, the calendar of dates and the digits of numbers. */
import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import RadioGroup from '@mui/material/RadioGroup';
import Radio from '@mui/material/Radio';
import FormControlLabel from '@mui/material/FormControlLabel';
import { LOCALES, type Calendar, type Digits, type Locale } from '@sajha/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './language';
import { LANGUAGE_NAMES } from './LanguageMenu';
import { useFormat } from './format';

/** One setting as a labelled group of radio buttons, with an optional line under it. */
function Choice<V extends string>(props: {
  id: string;
  label: string;
  value: V;
  options: { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  hint?: string;
}) {
  return (
    <FormControl>
      <FormLabel id={props.id}>{props.label}</FormLabel>
      <RadioGroup aria-labelledby={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
        {props.options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      {props.hint && (
        <Typography variant="body2" color="text.secondary">
          {props.hint}
        </Typography>
      )}
    </FormControl>
  );
}

export function LanguageSettings() {
  const { t } = useTranslation('common');
  const { prefs, change } = useLanguage();
  const f = useFormat();
  return (
    <Stack spacing={3} component="section" aria-labelledby="language-settings-title">
      <Typography id="language-settings-title" variant="h6" component="h2">
        {t('language.title')}
      </Typography>
      <Choice<Locale>
        id="language-choice"
        label={t('language.interface')}
        value={prefs.locale}
        options={LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LANGUAGE_NAMES[l]}</span> }))}
        onChange={(locale) => void change({ locale })}
      />
      <Choice<Calendar>
        id="calendar-choice"
        label={t('language.calendar')}
        value={prefs.calendar}
        options={[
          { value: 'gregorian', label: t('language.gregorian') },
          { value: 'bs', label: t('language.bikramSambat') },
        ]}
        onChange={(calendar) => void change({ calendar })}
        hint={t('language.today', { date: f.date(new Date(), 'long') })}
      />
      <Choice<Digits>
        id="digits-choice"
        label={t('language.digits')}
        value={prefs.digits}
        options={[
          { value: 'latn', label: t('language.latinDigits') },
          { value: 'deva', label: t('language.devanagariDigits') },
        ]}
        onChange={(digits) => void change({ digits })}
      />
    </Stack>
  );
}
