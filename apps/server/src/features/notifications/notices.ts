/**
 * Facts -> notices: what a member hears of, in one place. Every other area only states what happened
 * (engagement, people, calls, chat, the board, auth); the texts, links and tags of the notices are here.
 * Nobody hears of their own actions, and notify() refuses a notice across a block as a second line.
 * Each text is composed from the recipient's catalogue (`(t) => ...`): notify() reads the recipient's
 * language with the row it reads anyway, so the bell, the push and the mail are in it.
 */
import { LIMITS, type Catalogue } from '@sajha/contract';
import type { AppDeps } from '../../deps.js';
import type { ActorInfo, ContentKind, ContentRef } from '../../events/map.js';
import type { Listeners } from '../../feature.js';
import { notifyAway } from './away.js';
import { forgetBetween, notify, unreadCount, type NoticeText, type NotifyInput } from './service.js';

const URL: Record<ContentKind, (id: string) => string> = { post: (id) => `/view/${id}`, reel: (id) => `/clips/${id}` };
/** The tags earlier notices carried, so a browser still merges a new push with an old one. */
const TAG: Record<ContentKind, (type: string, id: string) => string> = {
  post: (type, id) => `${type}:${id}`,
  reel: (type, id) => `${type}:reel:${id}`,
};

type Verb = 'like' | 'comment' | 'reply' | 'share';
type Notices = Catalogue['ServerTexts']['notices'];
const TEXT: Record<Verb, Record<ContentKind, (n: Notices) => (handle: string) => string>> = {
  like: { post: (n) => n.likedPost, reel: (n) => n.likedReel },
  comment: { post: (n) => n.commentedPost, reel: (n) => n.commentedReel },
  reply: { post: (n) => n.repliedPost, reel: (n) => n.repliedReel },
  share: { post: (n) => n.sharedPost, reel: (n) => n.sharedReel },
};
/** A link's label, in the recipient's language. */
const label =
  (pick: (n: Notices) => string): NoticeText =>
  (t) =>
    pick(t.ServerTexts.notices);

/** A reported thing's kind as a report's outcome names it ("post", a reel is a "clip"). */
function reportKind(t: Catalogue, what: string): string {
  const kinds: Record<string, string> = t.ServerTexts.reportKinds;
  return kinds[what] ?? what;
}

/** What moderators did, as the member is told it ("warned you"); undefined for actions not told. */
function actionDescription(action: string, days: number | undefined): ((t: Catalogue) => string) | undefined {
  switch (action) {
    case 'remove':
    case 'sensitive':
    case 'warn':
    case 'limit':
    case 'ban':
      return (t) => t.ModerationMessages.actionDescriptions[action];
    case 'suspend':
      return (t) => t.ModerationMessages.actionDescriptions.suspend(days ?? 1);
    default:
      return undefined;
  }
}

/** Tells one member, never the actor; a failure is logged, never surfaced to whoever acted. */
async function tell(deps: AppDeps, to: string, actor: ActorInfo | undefined, input: NotifyInput): Promise<void> {
  if (actor && to === actor.id) return;
  try {
    await notify(deps, to, input);
  } catch (err) {
    deps.log.error({ err, type: input.type }, 'notification failed');
  }
}

function aboutContent(verb: Verb, content: ContentRef, to: string, actor: ActorInfo, deps: AppDeps) {
  const type = verb === 'reply' ? 'comment' : verb;
  return tell(deps, to, actor, {
    type,
    message: (t) => TEXT[verb][content.kind](t.ServerTexts.notices)(actor.username),
    actorId: actor.id,
    profileImage: actor.avatar,
    actions: [{ label: label((n) => n.viewDetails), type: 'link', url: URL[content.kind](content.id) }],
    tag: TAG[content.kind](type, content.id),
  });
}

export const noticeListeners: Listeners = {
  'content.liked': ({ content, actor }, { deps }) => aboutContent('like', content, content.ownerId, actor, deps),
  'content.commented': ({ content, actor }, { deps }) => aboutContent('comment', content, content.ownerId, actor, deps),
  'content.replied': ({ content, toId, actor }, { deps }) => aboutContent('reply', content, toId, actor, deps),
  'content.shared': ({ content, actor }, { deps }) => aboutContent('share', content, content.ownerId, actor, deps),

  'member.mentioned': async ({ where, content, memberIds, actor }, { deps }) => {
    for (const to of memberIds) {
      await tell(deps, to, actor, {
        type: 'mention',
        message: (t) =>
          (where === 'post' ? t.ServerTexts.notices.mentionedInPost : t.ServerTexts.notices.mentionedInComment)(
            actor.username,
          ),
        actorId: actor.id,
        profileImage: actor.avatar,
        actions: [{ label: label((n) => n.viewDetails), type: 'link', url: URL[content.kind](content.id) }],
        tag: TAG[content.kind]('mention', content.id),
      });
    }
  },

  // "started following you", at most once a day per pair (people decides `notice`).
  'member.followed': ({ follower, followeeId, notice }, { deps }) =>
    notice
      ? tell(deps, followeeId, follower, {
          type: 'follow',
          message: (t) => t.PeopleMessages.followNotice(follower.username),
          actorId: follower.id,
          profileImage: follower.avatar,
          actions: [{ label: label((n) => n.viewProfile), type: 'link', url: `/u/@${follower.username}` }],
          tag: `follow:${follower.id}`,
        })
      : undefined,

  // Issue 38: a request to follow a private account, and its approval (a declined one says nothing).
  'member.requested': ({ requester, targetId }, { deps }) =>
    tell(deps, targetId, requester, {
      type: 'follow',
      message: (t) => t.PrivacyText.requestNotice(requester.username),
      actorId: requester.id,
      profileImage: requester.avatar,
      actions: [{ label: label((n) => n.viewDetails), type: 'link', url: '/friends/requests' }],
      tag: `follow-request:${requester.id}`,
    }),
  'member.approved': ({ approver, requesterId }, { deps }) =>
    tell(deps, requesterId, approver, {
      type: 'follow',
      message: (t) => t.PrivacyText.approvedNotice(approver.username),
      actorId: approver.id,
      profileImage: approver.avatar,
      actions: [{ label: label((n) => n.viewProfile), type: 'link', url: `/u/@${approver.username}` }],
      tag: `follow-approved:${approver.id}`,
    }),

  // The ringing prompt is the in-app signal; a push titled "Incoming call" reaches a member who is away,
  // without adding every ring to the bell (a missed call does go there, below).
  'call.ringing': async ({ calleeId, incoming }, { deps }) => {
    const { caller, roomId } = incoming;
    try {
      await notifyAway(deps, calleeId, {
        type: 'call',
        title: (t) => t.Messages.call.incoming,
        message: (t) => t.CallTexts.incomingFrom(caller.name),
        priority: 'high',
        actorId: caller.uid,
        profileImage: caller.avatar,
        actions: [{ label: label((n) => n.answer), type: 'link', url: `/call/${caller.uid}/${roomId}` }],
        tag: `call:${roomId}`,
      });
    } catch (err) {
      deps.log.error({ err }, 'incoming call push failed');
    }
  },
  'call.missed': ({ roomId, calleeId, caller }, { deps }) =>
    tell(deps, calleeId, caller, {
      type: 'call',
      message: (t) => t.CallTexts.missedFrom(caller.name),
      actorId: caller.id,
      profileImage: caller.avatar,
      actions: [{ label: label((n) => n.callBack), type: 'link', url: `/call/${caller.id}` }],
      tag: `call:${roomId}`,
    }),

  // A new chat message to members who are away (not looking at the chat): push and mail only, since the
  // messages badge counts it; one per unread run (chat decides who).
  'chat.message.unseen': async ({ chatId, direct, toIds, sender, preview }, { deps }) => {
    for (const uid of toIds) {
      try {
        await notifyAway(deps, uid, {
          type: 'message',
          message: `${sender.name}: ${preview.slice(0, LIMITS.lastMessagePreview)}`,
          actorId: sender.uid,
          profileImage: sender.avatar,
          actions: [
            {
              label: label((n) => n.openChat),
              type: 'link',
              url: direct ? `/message/@${sender.username}` : `/message/${chatId}`,
            },
          ],
          tag: `chat:${chatId}`,
        });
      } catch (err) {
        deps.log.error({ err }, 'message notice failed');
      }
    }
  },

  'feature.statusChanged': ({ featureId, authorId, title, status }, { deps }) =>
    tell(deps, authorId, undefined, {
      type: 'system',
      message: (t) =>
        status === 'Implemented' ? t.FeatureMessages.notifyImplemented(title) : t.FeatureMessages.notifyPending(title),
      actions: [{ label: label((n) => n.viewDetails), type: 'link', url: '/features' }],
      tag: `feature:${featureId}`,
    }),

  // Trust and safety: reporters hear the outcome (never who else reported); a member hears what was done
  // against them and why, with a way to appeal; and how their appeal was decided.
  'report.resolved': async ({ reporterIds, what, acted }, { deps }) => {
    for (const to of reporterIds) {
      await tell(deps, to, undefined, {
        type: 'system',
        message: (t) => t.ModerationMessages.reportOutcome(reportKind(t, what), acted),
        tag: `report:${what}`,
      });
    }
  },
  'moderation.acted': ({ memberId, actionId, action, reason, days }, { deps }) => {
    const what = actionDescription(action, days);
    if (!what) return undefined;
    return tell(deps, memberId, undefined, {
      type: 'security',
      priority: 'high',
      message: (t) => t.ModerationMessages.actionNotice(what(t), reason),
      actions: [{ label: label((n) => n.reviewOrAppeal), type: 'link', url: `/moderation#${actionId}` }],
      tag: `moderation:${actionId}`,
    });
  },
  'appeal.decided': ({ memberId, reversed }, { deps }) =>
    tell(deps, memberId, undefined, {
      type: 'system',
      message: (t) => t.ModerationMessages.appealOutcome(reversed),
      actions: [{ label: label((n) => n.review), type: 'link', url: '/moderation' }],
      tag: 'appeal',
    }),

  // A block clears the bell of what each heard of the other (a notice about someone who is now a
  // stranger, linking to a profile that answers "not found"), and both badges follow.
  'member.blocked': async ({ blockerId, blockedId }, { deps }) => {
    await forgetBetween(deps, blockerId, blockedId);
    for (const userId of [blockerId, blockedId]) {
      await deps.bus.publish('notification.unread', { userId, unread: await unreadCount(deps, userId) });
    }
  },

  // No clock time in the text: the server's zone is not the member's, and the notification's own time is
  // shown beside it in the member's browser zone (one zone everywhere).
  'account.newDevice': ({ userId, browser, os }, { deps }) =>
    tell(deps, userId, undefined, {
      type: 'login',
      priority: 'high',
      message: (t) =>
        t.ServerTexts.notices.newSignIn(
          browser ?? t.ServerTexts.devices.someBrowser,
          os ?? t.ServerTexts.devices.someSystem,
        ),
      actions: [{ label: label((n) => n.reviewSecurity), type: 'link', url: '/settings/security' }],
      tag: 'login',
    }),
};
