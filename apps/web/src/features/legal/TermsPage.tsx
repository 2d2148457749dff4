import { CONTEST_PRIZES_NRS } from '@sajha/contract';
import { ContactLink, formatNrs, LegalDocument, type LegalSection } from '../landing';

const SECTIONS: LegalSection[] = [
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <>
        <p>
          You need an account to post, message, call or enter the contest. Joining is free. You must be at least 13
          years old, give a real email address, and keep your password to yourself. If you are under 18, please use
          Sajha with a parent or guardian&apos;s agreement.
        </p>
        <p>
          You are responsible for what happens under your account. If you think someone else has used it, change your
          password and tell us straight away.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    heading: 'Your content',
    body: (
      <>
        <p>
          <strong>You own what you post.</strong> Photos, videos, art, words and clips you share on Sajha stay yours. By
          posting, you give Sajha a non-exclusive, royalty-free permission to store, display and distribute that content
          on Sajha, in the ways the features you use require (for example showing a post to your followers, or a shared
          post&apos;s preview to a visitor). This permission ends when you delete the content or your account, except
          for copies others have already shared within Sajha.
        </p>
        <p>
          Only post what you have the right to share. Do not upload other people&apos;s photos, music or artwork without
          their permission, and respect the privacy of people who appear in your pictures.
        </p>
      </>
    ),
  },
  {
    id: 'contest',
    heading: 'Monthly contest',
    body: (
      <>
        <p>
          Sajha promotes a monthly art and photography contest, which runs on its own site with its own detailed rules.
          Current prizes are {formatNrs(CONTEST_PRIZES_NRS.first)} for first place,{' '}
          {formatNrs(CONTEST_PRIZES_NRS.second)} for second and {formatNrs(CONTEST_PRIZES_NRS.third)} for third.
        </p>
        <p>Every submission must:</p>
        <ul>
          <li>be your own original work, created by you;</li>
          <li>be non-copyrighted by anyone else: no copied, traced or borrowed material, and no stock images;</li>
          <li>show Nepal&apos;s culture, art or landscapes.</li>
        </ul>
        <p>
          Entries that break these rules are removed and cannot win; a prize already awarded to such an entry may be
          withdrawn. You keep the rights to your entry; we may show it, credited to you, on Sajha and the contest site.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    heading: 'How we treat each other',
    body: (
      <>
        <p>Sajha is for everyone. You agree not to:</p>
        <ul>
          <li>harass, threaten, bully or impersonate anyone;</li>
          <li>post hate speech, or attack people for their caste, ethnicity, religion, gender, sexuality or origin;</li>
          <li>share sexual content involving minors, graphic violence, or anything illegal in Nepal;</li>
          <li>spam, scam, or post misleading links or fake giveaways;</li>
          <li>share someone&apos;s private information, messages or images without their consent;</li>
          <li>break, overload or scrape the service, or try to reach accounts that are not yours.</li>
        </ul>
        <p>
          We may remove content or suspend accounts that break these rules, and we will tell you why where we can. If
          you think we got it wrong, write to us.
        </p>
      </>
    ),
  },
  {
    id: 'features',
    heading: 'Messages, calls and the AI assistant',
    body: (
      <>
        <p>
          Messages and calls are for you and the people you talk to. Be kind, and remember that anything you send can be
          saved by the person who receives it.
        </p>
        <p>
          The AI assistant can be wrong. Check anything important, such as travel, health or money advice, with a
          reliable source before you rely on it.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    heading: 'The service',
    body: (
      <p>
        We work hard to keep Sajha running, but we provide it as it is and cannot promise it will always be available or
        free of errors. We may change or retire features. As far as the law allows, Sajha is not liable for indirect
        losses, or for content posted by other members.
      </p>
    ),
  },
  {
    id: 'ending',
    heading: 'Leaving Sajha',
    body: (
      <p>
        You can stop using Sajha at any time and ask us to delete your account. We may close accounts that seriously or
        repeatedly break these terms.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes and governing law',
    body: (
      <p>
        If we change these terms in a way that matters, we will tell you on Sajha before the change takes effect. These
        terms are governed by the laws of Nepal.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    body: (
      <p>
        Questions, reports or copyright concerns: write to <ContactLink />. We read every message.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="2026-11-22"
      intro={
        <p>
          Welcome to Sajha, a social platform for Nepal&apos;s people, culture, art and landscapes. These terms are the
          agreement between you and Sajha when you use the website and app. We have kept them short and plain; please
          read them.
        </p>
      }
      sections={SECTIONS}
      sibling={{ to: '/privacy', label: 'Privacy Policy' }}
    />
  );
}
