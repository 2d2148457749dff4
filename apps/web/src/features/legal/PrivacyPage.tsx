import { ContactLink, LegalDocument, type LegalSection } from '../landing';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-keep',
    heading: 'What we keep',
    body: (
      <>
        <p>We keep only what we need to run Sajha for you:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your name, username, email address, profile picture and profile details, and
            your password in a securely hashed form we cannot read.
          </li>
          <li>
            <strong>Posts and activity:</strong> what you post (text, photos, videos and clips), comments, likes,
            shares, and who you follow.
          </li>
          <li>
            <strong>Messages:</strong> your chats and the files, photos and voice notes in them, so that you and the
            people you talk to can read them. Calls are connected live; we do not record them.
          </li>
          <li>
            <strong>AI assistant:</strong> the conversations you have with it, so you can return to them.
          </li>
          <li>
            <strong>Notifications:</strong> your notification settings and, if you allow push notifications, the address
            your browser gives us to deliver them.
          </li>
          <li>
            <strong>Security records:</strong> sign-in times and basic device and network details, kept for a limited
            time to protect your account and the service.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    heading: 'How we use it',
    body: (
      <p>
        To show your posts to the people you choose, deliver your messages and calls, send the notifications you ask
        for, keep accounts safe, stop spam and abuse, and improve Sajha. We do not read your private messages, except
        when someone reports them to us or the law requires it.
      </p>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and local storage',
    body: (
      <>
        <p>
          We use two cookies, both for your account&rsquo;s safety. One keeps you signed in: if you tick &ldquo;Remember
          me&rdquo; it lasts 30 days; otherwise it ends when you close your browser. The other is a random number that
          tells your browsers apart, so we can warn you when someone signs in to your account from a browser you have
          not used before. Your browser also remembers your light or dark mode choice on your own device.
        </p>
        <p>There are no advertising or tracking cookies on Sajha.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <>
        <p>
          <strong>We never sell your data.</strong> We do not share it with advertisers.
        </p>
        <p>
          We share only what is necessary with the services that help us run Sajha, such as hosting, email delivery,
          push notification delivery and the AI provider that answers your assistant questions, and only to do that job.
          We disclose information to authorities only when the law of Nepal requires it.
        </p>
      </>
    ),
  },
  {
    id: 'visibility',
    heading: 'What others can see',
    body: (
      <p>
        Your name, username, profile picture and posts can be seen by other members, and a post you share by link can be
        previewed by anyone who has the link. Your email address and password are never shown to anyone.
      </p>
    ),
  },
  {
    id: 'deletion',
    heading: 'Your choices and deletion',
    body: (
      <>
        <p>
          You can edit your profile, change your notification settings and delete your posts at any time. You can ask us
          for a copy of the personal data we hold about you, or to correct it.
        </p>
        <p>
          <strong>Deletion on request:</strong> write to <ContactLink /> from your account&apos;s email address and we
          will delete your account and the data tied to it. Copies in backups expire on their own schedule, and we keep
          a record only where the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'Keeping it safe',
    body: (
      <p>
        Connections to Sajha are encrypted, passwords are hashed, and access to personal data inside our team is limited
        to those who need it. No system is perfect; if something goes wrong that affects you, we will tell you.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        Sajha is not for children under 13. If you believe a child under 13 has an account, tell us and we will remove
        it.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: <p>If we change this policy in a way that matters, we will tell you on Sajha before it takes effect.</p>,
  },
  {
    id: 'contact',
    heading: 'Contact',
    body: (
      <p>
        Questions about your privacy or requests about your data: write to <ContactLink />.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="2026-11-22"
      intro={
        <p>
          Sajha is a place to share Nepal&apos;s stories, and your trust matters more to us than anything we could earn
          from your data. This policy explains, in plain words, what we keep, why, and how you stay in control.
        </p>
      }
      sections={SECTIONS}
      sibling={{ to: '/terms', label: 'Terms of Service' }}
    />
  );
}
