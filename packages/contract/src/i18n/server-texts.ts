/**
 * Texts the server composes itself (notifications, mails, pushes, its own answers) that no area's
 * catalogue held: one place, so each has its Nepali beside it in `ne.ts`. The server composes a notice,
 * a mail or a push with the recipient's catalogue (`catalogueFor(locale).ServerTexts`); an answer to a
 * request is written in English here and put into the reader's language at the edge (`localizeText`).
 */
import { APP_NAME } from '../constants.js';

export const ServerTexts = {
  appName: 'Sajha',

  /** Sign-up, verification, sign-in and password reset (features/auth). */
  auth: {
    registered: (email: string) => `Account created. We sent a 6-digit code to ${email}.`,
    usernameTaken: 'This username is already taken.',
    verified: 'Your email is verified. Welcome to Sajha!',
    codeWrong: 'That code is not right. Check the email and try again.',
    codeExpired: 'This code has expired. Ask for a new one.',
    codeLocked: 'Too many wrong codes. Ask for a new code.',
    alreadyVerified: 'This email is already verified. Please sign in.',
    codeResent: (email: string) => `We sent a new code to ${email}.`,
    cooldown: (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
    badCredentials: 'Invalid email or password.',
    needsVerification: (email: string) => `Please verify your email first. We sent a code to ${email}.`,
    welcomeBack: 'Welcome back!',
    resetRequested:
      'If an account exists for that email, we sent a link to reset the password. It works for 30 minutes.',
    resetInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
    resetDone: 'Your password has been changed. You can sign in with it now.',
    googleUnavailable: 'Google sign-in is not available here.',
    googleUnverified: 'Your Google account email is not verified.',
    signedOut: 'You have been signed out.',
  },

  /** A shared post's link preview (Open Graph tags of /p/{id}): what a chat app or a search engine shows. */
  share: {
    postTitle: (name: string) => `${name} on Sajha`,
    postWithoutText: 'A post on Sajha',
    /** The shared post's page before the app has loaded: its header's button. */
    signIn: 'Sign in',
  },

  /** A browser or system a sign-in notice cannot name ("from a browser on Linux"). */
  devices: {
    someBrowser: 'a browser',
    someSystem: 'an unknown system',
  },

  /** The sessions list (Settings > Security) for a browser it cannot name. */
  sessions: {
    unknownBrowser: 'Unknown browser',
    unknownSystem: 'Unknown system',
  },

  /** The bell's notices (features/notifications/notices.ts), and the links they carry. */
  notices: {
    likedPost: (handle: string) => `@${handle} liked your post`,
    likedReel: (handle: string) => `@${handle} liked your reel`,
    commentedPost: (handle: string) => `@${handle} commented on your post`,
    commentedReel: (handle: string) => `@${handle} commented on your reel`,
    repliedPost: (handle: string) => `@${handle} replied to your comment`,
    repliedReel: (handle: string) => `@${handle} replied to your comment on a reel`,
    sharedPost: (handle: string) => `@${handle} shared your post`,
    sharedReel: (handle: string) => `@${handle} shared your reel`,
    mentionedInPost: (handle: string) => `@${handle} mentioned you in a post`,
    mentionedInComment: (handle: string) => `@${handle} mentioned you in a comment`,
    newSignIn: (browser: string, os: string) =>
      `New sign-in to your account from ${browser} on ${os}. If this was not you, reset your password.`,
    viewDetails: 'View Details',
    viewProfile: 'View Profile',
    answer: 'Answer',
    callBack: 'Call back',
    openChat: 'Open chat',
    reviewOrAppeal: 'Review or appeal',
    review: 'Review',
    reviewSecurity: 'Review security',
  },

  /** What was reported, as a report's outcome names it ("your report of a {post}"). */
  reportKinds: {
    post: 'post',
    comment: 'comment',
    reel: 'clip',
    message: 'message',
    member: 'member',
    suggestion: 'suggestion',
  },

  notifications: {
    prefsSaved: 'Your notification preferences have been saved.',
    pushServiceUnsupported: 'This push service is not supported.',
  },

  /** Pictures the server re-encodes (avatars, post images). */
  media: {
    imageTooLarge: 'This image is too large to process.',
    imageUnreadable: 'This image could not be read.',
  },

  /** A post's files (features/posts/uploads.ts). */
  postUploads: {
    typeNotAllowed: (name: string) => `"${name}" is not an image or a supported video (mp4, webm, ogg).`,
    fileTooLarge: (mb: number) => `Each file can be at most ${mb} MB.`,
    totalTooLarge: (mb: number) => `All files of one post together can be at most ${mb} MB.`,
    tooManyFiles: (n: number) => `A post can have at most ${n} files.`,
    empty: (name: string) => `"${name}" is empty.`,
  },

  /** Staff answers and the member's mute limit (features/moderation). */
  moderation: {
    assigned: 'Assigned to you.',
    noteAdded: 'Note added.',
    appealReversed: 'The action is reversed.',
    appealStands: 'The action stands.',
    tooManyMutedWords: (max: number) => `You can mute at most ${max} words.`,
    /** What staff read once an action is done. */
    done: {
      dismiss: 'Reports dismissed.',
      remove: 'Removed. Members now see "Removed by moderators".',
      restore: 'Restored.',
      sensitive: 'Marked sensitive: the media is blurred until clicked.',
      notSensitive: 'No longer marked sensitive.',
      warn: 'Warning sent.',
      limit: 'Limited: their posts and comments reach only their followers.',
      unlimit: 'Limit lifted.',
      suspend: (days: number) => `Suspended for ${days} day${days === 1 ? '' : 's'}; their sessions have ended.`,
      unsuspend: 'Suspension lifted.',
      ban: 'Banned; their sessions have ended.',
      unban: 'Ban lifted.',
      delete: 'Account deleted.',
      grantRole: (role: string) => `Role set to ${role}.`,
    },
  },

  /** A socket connection refused at the handshake. */
  connection: {
    tooManyConnections: 'Too many open connections for this account or network. Close some tabs and try again.',
    tooManyHandshakes: 'Too many connection attempts. Please wait a moment and try again.',
  },

  /** A file or page that is not there (the static and media routes). */
  notFound: 'Not found',

  /** Mails: each mail's parts, put together by the server (text and HTML alike). */
  mail: {
    greeting: (name: string) => `Namaste ${name},`,
    signOff: 'See you inside,',
    team: `The ${APP_NAME} team`,
    openApp: `Open ${APP_NAME}`,
    openAppAt: (link: string) => `Open ${APP_NAME}: ${link}`,
    /** Under the account mails: why this address got it. */
    accountFooter: `You are receiving this because someone used this address on ${APP_NAME}. If it was not you, you can ignore this mail.`,
    /** Under the notification mails. */
    notificationsFooter: 'Change which mails you get in Settings → Notifications.',

    verification: {
      title: 'Your verification code',
      subject: (code: string) => `${code} is your ${APP_NAME} verification code`,
      again:
        'Someone just tried to sign up again with this address, which already has an account waiting for verification. If it was you, use this code and then sign in with the password you chose first (or reset it). If not, ignore this mail.',
      enterCode: `Welcome to ${APP_NAME}! Enter this code to verify your email address:`,
      enterCodeHtml: (name: string) =>
        `Namaste ${name}, welcome to ${APP_NAME}! Enter this code to verify your email address:`,
      validFor: (minutes: number) => `The code works for ${minutes} minutes.`,
    },

    reset: {
      title: 'Reset your password',
      subject: `Reset your ${APP_NAME} password`,
      intro: `Someone asked to reset the password of your ${APP_NAME} account. If it was you, open this link to choose a new one:`,
      validFor: (minutes: number) =>
        `The link works once, for ${minutes} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
      introHtml: (name: string) =>
        `Namaste ${name}, someone asked to reset the password of your ${APP_NAME} account. If it was you, choose a new one:`,
      button: 'Choose a new password',
      pasteLink: (link: string) => `Or paste this link into your browser: ${link}`,
      validForHtml: (minutes: number) => `It works once, for ${minutes} minutes. If you did not ask, ignore this mail.`,
    },

    accountExists: {
      title: 'Someone tried to sign up with your address',
      subject: `Someone tried to sign up to ${APP_NAME} with your address`,
      tried: `Someone just tried to create a ${APP_NAME} account with this email address, but you already have one.`,
      signInAt: (url: string) => `If it was you, sign in instead: ${url}`,
      forgot: 'Forgot the password? Use "Forgot password" on that page.',
      notYou: 'If it was not you, you can ignore this mail: nothing was changed.',
      triedHtml: (name: string) =>
        `Namaste ${name}, someone just tried to create a ${APP_NAME} account with this email address, but you already have one.`,
      signInHtml: (link: string) => `If it was you, ${link} instead (or use "Forgot password" there).`,
      signInLink: 'sign in',
    },

    approved: {
      title: `Welcome to ${APP_NAME}`,
      subject: `You can now sign in to ${APP_NAME}`,
      line: `Your request to join ${APP_NAME} was approved. You can sign in now with your email and password.`,
      greetingHtml: (name: string) => `Namaste ${name}.`,
      button: 'Sign in',
    },

    passwordChanged: {
      subject: `Your ${APP_NAME} password was changed`,
      changed: `The password of your ${APP_NAME} account was just changed, and every other device was signed out.`,
      notYou: (link: string) =>
        `If this was not you, reset your password at once from the sign-in page, then review your sessions at ${link}.`,
      greetingHtml: 'Namaste,',
    },

    notification: {
      subject: (message: string) => `${APP_NAME}: ${message}`,
    },

    digest: {
      subject: (count: number) => `Your ${APP_NAME} day: ${count} new notification${count === 1 ? '' : 's'}`,
      intro: `Here is what happened on ${APP_NAME} since your last digest:`,
      introHtml: (name: string) => `Namaste ${name}, here is what happened since your last digest:`,
    },

    rollup: {
      subject: (count: number) => `${APP_NAME}: ${count} new notification${count === 1 ? '' : 's'}`,
      intro: 'While you were away:',
      introHtml: (name: string) => `Namaste ${name}, while you were away:`,
    },
  },
} as const;
