/** Settings > Language: the interface language, the calendar of dates and the digits of numbers. */
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

export function LanguageSettings() {
  const { t } = useTranslation('common');
  const { prefs, change } = useLanguage();
  const f = useFormat();
  const sample = new Date();
  return (
    <Stack spacing={3} component="section" aria-labelledby="language-settings-title">
      <Typography id="language-settings-title" variant="h6" component="h2">
        {t('language.title')}
      </Typography>
      <FormControl>
        <FormLabel id="language-choice">{t('language.interface')}</FormLabel>
        <RadioGroup
          aria-labelledby="language-choice"
          value={prefs.locale}
          onChange={(e) => void change({ locale: e.target.value as Locale })}
        >
          {LOCALES.map((l) => (
            <FormControlLabel key={l} value={l} control={<Radio />} label={<span lang={l}>{LANGUAGE_NAMES[l]}</span>} />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="calendar-choice">{t('language.calendar')}</FormLabel>
        <RadioGroup
          aria-labelledby="calendar-choice"
          value={prefs.calendar}
          onChange={(e) => void change({ calendar: e.target.value as Calendar })}
        >
          <FormControlLabel value="gregorian" control={<Radio />} label={t('language.gregorian')} />
          <FormControlLabel value="bs" control={<Radio />} label={t('language.bikramSambat')} />
        </RadioGroup>
        <Typography variant="body2" color="text.secondary">
          {t('language.today', { date: f.date(sample, 'long') })}
        </Typography>
      </FormControl>
      <FormControl>
        <FormLabel id="digits-choice">{t('language.digits')}</FormLabel>
        <RadioGroup
          aria-labelledby="digits-choice"
          value={prefs.digits}
          onChange={(e) => void change({ digits: e.target.value as Digits })}
        >
          <FormControlLabel value="latn" control={<Radio />} label={t('language.latinDigits')} />
          <FormControlLabel value="deva" control={<Radio />} label={t('language.devanagariDigits')} />
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}
