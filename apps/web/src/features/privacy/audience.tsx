/**
 * Audiences and reply settings as members see them: each audience's icon (Everyone a globe, Followers
 * people, Friends a handshake, Only me a lock) and name, the small icon a post shows beside its time,
 * and the pickers of the create and edit dialogs. Names are the contract's (PrivacyText), in the
 * page's language.
 */
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import SpeakerNotesOffOutlined from '@mui/icons-material/SpeakerNotesOffOutlined';
import { useTranslation } from 'react-i18next';
import {
  AUDIENCES,
  CONTACT_POLICIES,
  REPLY_POLICIES,
  type Audience,
  type ContactPolicy,
  type ReplyPolicy,
} from '@sajha/contract';
import { useMessages } from '../../i18n/language';

type SvgIconComponent = typeof PublicOutlined;

export const AUDIENCE_ICONS: Record<Audience, SvgIconComponent> = {
  public: PublicOutlined,
  followers: PeopleOutlined,
  friends: HandshakeOutlined,
  only_me: LockOutlined,
};

const REPLY_ICONS: Record<ReplyPolicy, SvgIconComponent> = {
  everyone: ChatBubbleOutline,
  following: PeopleOutlined,
  nobody: SpeakerNotesOffOutlined,
};

export function useAudienceLabels(): Record<Audience, string> {
  const { PrivacyText: p } = useMessages();
  return {
    public: p.audiencePublic,
    followers: p.audienceFollowers,
    friends: p.audienceFriends,
    only_me: p.audienceOnlyMe,
  };
}

export function useReplyLabels(): Record<ReplyPolicy, string> {
  const { PrivacyText: p } = useMessages();
  return { everyone: p.repliesEveryone, following: p.repliesFollowing, nobody: p.repliesNobody };
}

export function useContactLabels(): Record<ContactPolicy, string> {
  const { PrivacyText: p } = useMessages();
  return {
    everyone: p.contactEveryone,
    following: p.contactFollowing,
    friends: p.contactFriends,
    nobody: p.contactNobody,
  };
}

/**
 * Who sees a post, as a small icon beside its time: named for screen readers ("Visible to: Followers")
 * and in a tooltip, reachable by keyboard so the tooltip shows on focus too.
 */
export function AudienceIcon({ audience }: { audience: Audience }) {
  const { t } = useTranslation('privacy');
  const labels = useAudienceLabels();
  const Icon = AUDIENCE_ICONS[audience];
  const name = t('audience.visibleTo', { audience: labels[audience] });
  return (
    <Tooltip title={labels[audience]}>
      <Box
        component="span"
        role="img"
        tabIndex={0}
        aria-label={name}
        data-audience={audience}
        sx={{
          display: 'inline-flex',
          verticalAlign: 'middle',
          borderRadius: 0.5,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        <Icon aria-hidden sx={{ fontSize: 14 }} />
      </Box>
    </Tooltip>
  );
}

/** An icon and a name, as a picker's option and as its chosen value. */
function Choice({ Icon, label }: { Icon: SvgIconComponent; label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Icon fontSize="small" aria-hidden />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {label}
      </Box>
    </Box>
  );
}

interface PickerProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  label: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  helperText?: string;
  /** Names the field for tests and labels (unique on the page). */
  id: string;
}

function Picker<V extends string>({
  values,
  icons,
  labels,
  value,
  onChange,
  label,
  disabled,
  size = 'small',
  helperText,
  id,
}: PickerProps<V> & { values: readonly V[]; icons?: Record<V, SvgIconComponent>; labels: Record<V, string> }) {
  return (
    <TextField
      select
      id={id}
      fullWidth
      size={size}
      label={label}
      value={value}
      disabled={disabled}
      helperText={helperText}
      onChange={(e) => onChange(e.target.value as V)}
      slotProps={{
        select: {
          renderValue: (v) => {
            const chosen = v as V;
            return icons ? <Choice Icon={icons[chosen]} label={labels[chosen]} /> : labels[chosen];
          },
        },
      }}
    >
      {values.map((v) => {
        const Icon: SvgIconComponent | undefined = icons?.[v];
        return (
          <MenuItem key={v} value={v}>
            {Icon && (
              <ListItemIcon>
                <Icon fontSize="small" aria-hidden />
              </ListItemIcon>
            )}
            <ListItemText primary={labels[v]} />
          </MenuItem>
        );
      })}
    </TextField>
  );
}

type Props<V extends string> = Omit<PickerProps<V>, 'label'> & { label?: string };

/** Who sees a post or clip. */
export function AudienceSelect(props: Props<Audience>) {
  const { t } = useTranslation('privacy');
  const labels = useAudienceLabels();
  return (
    <Picker
      values={AUDIENCES}
      icons={AUDIENCE_ICONS}
      labels={labels}
      {...props}
      label={props.label ?? t('audience.label')}
    />
  );
}

/** Who may reply to a post. */
export function RepliesSelect(props: Props<ReplyPolicy>) {
  const { t } = useTranslation('privacy');
  const labels = useReplyLabels();
  return (
    <Picker
      values={REPLY_POLICIES}
      icons={REPLY_ICONS}
      labels={labels}
      {...props}
      label={props.label ?? t('replies.label')}
    />
  );
}

/** Who may message or call the member. */
export function ContactSelect(props: Props<ContactPolicy> & { label: string }) {
  const labels = useContactLabels();
  return <Picker values={CONTACT_POLICIES} labels={labels} {...props} />;
}
